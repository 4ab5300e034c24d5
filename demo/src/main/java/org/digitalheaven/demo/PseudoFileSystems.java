package org.digitalheaven.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * File systems whose files are the kernel's windows on itself, not data: {@code /proc}, {@code /sys} and
 * their kin. A read of one of their files may wait forever for the next kernel message ({@code /proc/kmsg},
 * tracefs's {@code trace_pipe}) although the file is "regular", and none takes a new regular file, not even
 * from root, although {@code access()} says it may. So a demo is never read from one ({@link DemoReader#readBytes})
 * nor recorded into one (the server's {@code demo record}, before it says it is recording).
 */
public final class PseudoFileSystems {

    /** Their types as Linux names them in {@code /proc/self/mountinfo}, which is what {@link java.nio.file.FileStore#type()} says. */
    static final Set<String> TYPES = Set.of("proc", "sysfs", "debugfs", "tracefs", "securityfs", "cgroup", "cgroup2",
            "configfs", "bpf", "pstore", "efivarfs", "devpts", "mqueue", "binfmt_misc", "fusectl", "selinuxfs", "nsfs",
            "rpc_pipefs", "nfsd", "hugetlbfs");

    private PseudoFileSystems() {
    }

    /**
     * The type of the pseudo file system {@code path} is on, links followed (e.g. {@code "proc"}), or null
     * when it is on an ordinary one, or when that cannot be told (the path does not exist; a system that does
     * not name its file systems so).
     */
    public static String of(Path path) {
        try {
            String type = Files.getFileStore(path).type();
            return TYPES.contains(type) ? type : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
