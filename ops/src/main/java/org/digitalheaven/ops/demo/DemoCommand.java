package org.digitalheaven.ops.demo;

import org.digitalheaven.demo.DemoReader;
import picocli.CommandLine.Command;

/**
 * {@code dh-host demo ...}: look inside a {@code .dh-demo} without replaying it. Both tools read the file
 * with {@link DemoReader}, so they accept exactly what a replay accepts: a truncated file is reported, not
 * refused; a damaged one is one line on stderr naming the chunk and byte, and exit 2.
 */
@Command(name = "demo", description = "Demo file tools: inspect a recorded .dh-demo, cut a stretch of it into a demo of its own, view it, convert it, or rebase a suite of demos onto this build and map.",
        mixinStandardHelpOptions = true, subcommands = {InfoCommand.class, DumpCommand.class, CutCommand.class, ViewCommand.class,
            ConvertCommand.class, RebaseCommand.class})
public final class DemoCommand {

    private DemoCommand() {
    }
}
