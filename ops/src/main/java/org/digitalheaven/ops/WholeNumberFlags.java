package org.digitalheaven.ops;

import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.server.prefs.WholeNumbers;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * How every {@code dh-host} command reads the whole numbers its options take ({@code --port}, {@code --jobs},
 * {@code --ticks}, ticks...): ASCII digits with an optional sign ({@link WholeNumbers}; picocli's own
 * reading takes any script's digits, so {@code --port ٦٠} was port 60), and a value that is not one, or is
 * past what the option's type holds, is one sentence and exit 2 (picocli printed its whole usage after it).
 * The range each option allows is its command's own check, also one sentence.
 */
public final class WholeNumberFlags {

    private WholeNumberFlags() {
    }

    /** What a converter here refuses: its message is the phrase that follows the option and its value. */
    static final class Refused extends CommandLine.TypeConversionException {
        Refused(String phrase) {
            super(phrase);
        }
    }

    /**
     * Reads options of type int and long (and their boxes) on {@code cl} and all its subcommands so; call it
     * after they are added. (Classes, not lambdas, for picocli's interfaces: a lambda implementing one made the
     * JDK 17 JVM crash while writing the launcher's class-data archive, picocli's classes being too old for it.)
     */
    static CommandLine install(CommandLine cl) {
        cl.registerConverter(Integer.class, new Int());
        cl.registerConverter(Integer.TYPE, new Int());
        cl.registerConverter(Long.class, new Whole());
        cl.registerConverter(Long.TYPE, new Whole());
        cl.setParameterExceptionHandler(new OneSentence(cl.getParameterExceptionHandler()));
        return cl;
    }

    /** A {@link Refused} value as one sentence; anything else as picocli says it. */
    private static final class OneSentence implements CommandLine.IParameterExceptionHandler {
        private final CommandLine.IParameterExceptionHandler picocli;

        OneSentence(CommandLine.IParameterExceptionHandler picocli) {
            this.picocli = picocli;
        }

        @Override
        public int handleParseException(CommandLine.ParameterException e, String[] args) throws Exception {
            if (e.getCause() instanceof Refused r && e.getArgSpec() instanceof OptionSpec o) {
                CommandLine c = e.getCommandLine();
                String command = c.getCommandSpec().qualifiedName();
                c.getErr().println(command + ": " + o.longestName() + " " + PrintableText.line(e.getValue()) + " "
                        + r.getMessage() + "; see " + command + " --help");
                c.getErr().flush();
                return CommandLine.ExitCode.USAGE;
            }
            return picocli.handleParseException(e, args);
        }
    }

    private static final class Int implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return toInt(text);
        }
    }

    private static final class Whole implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            return toLong(text);
        }
    }

    static Integer toInt(String text) {
        long v = toLong(text);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new Refused("is out of range");
        }
        return (int) v;
    }

    static Long toLong(String text) {
        if (!WholeNumbers.isWhole(text)) {
            throw new Refused("is not a whole number (digits 0-9, an optional sign)");
        }
        try {
            return WholeNumbers.parseLong(text);
        } catch (NumberFormatException e) {
            throw new Refused("is out of range");
        }
    }

    /** A tick (--from, --until): a whole number from 0. */
    public static final class Tick implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            long v = toLong(text);
            if (v < 0) {
                throw new Refused("is negative; ticks count from 0");
            }
            return v;
        }
    }
}
