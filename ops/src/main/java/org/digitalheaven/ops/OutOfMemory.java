package org.digitalheaven.ops;

/** What dh-host says when Java runs out of memory, wherever it happens: one line, never a trace. */
public final class OutOfMemory {

    private OutOfMemory() {
    }

    /** The heap's size and what to do: "out of memory in a N MB heap; give Java more (JAVA_OPTS=-Xmx1g)". */
    public static String advice() {
        return "out of memory in a " + (Runtime.getRuntime().maxMemory() >> 20) + " MB heap; give Java more (JAVA_OPTS=-Xmx1g)";
    }
}
