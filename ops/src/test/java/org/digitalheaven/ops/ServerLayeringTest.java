package org.digitalheaven.ops;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * Keeps the recorder and the replay apart from the live server's players: a demo is recorded from the ticks and
 * replayed without a single session, so {@code server.record} and {@code server.replay} may use the frame
 * ({@code GameServer}, the tick listeners) but never {@code server.session} (handshake, sessions, snapshots)
 * or {@code server.admin} (console sources, authority, chat, kick, login). Lives in ops because ops is the one
 * module whose tests see every other module's classes.
 */
class ServerLayeringTest {

    private static final String SERVER = "org.digitalheaven.server";

    /** Fewer means the import looked in the wrong place, and the rule below would pass on nothing. */
    private static final int MIN_RECORD_AND_REPLAY_CLASSES = 5;

    static final ArchRule RECORD_AND_REPLAY_DO_NOT_KNOW_PLAYERS = noClasses()
            .that().resideInAnyPackage(SERVER + ".record..", SERVER + ".replay..")
            .should().dependOnClassesThat().resideInAnyPackage(SERVER + ".session..", SERVER + ".admin..")
            .because("a demo is recorded from ticks and replayed without sessions; what record and replay need"
                    + " of the server is the frame (GameServer, TickListener), not its players or its console");

    @Test
    void recordAndReplayDependOnNoSessionOrAdminClass() {
        JavaClasses server = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(SERVER);

        long checked = server.stream()
                .filter(c -> c.getPackageName().startsWith(SERVER + ".record")
                        || c.getPackageName().startsWith(SERVER + ".replay"))
                .count();
        assertTrue(checked > MIN_RECORD_AND_REPLAY_CLASSES,
                () -> "expected more than " + MIN_RECORD_AND_REPLAY_CLASSES + " record and replay classes to check,"
                        + " imported " + checked + "; the layering rule would be checking nothing");

        RECORD_AND_REPLAY_DO_NOT_KNOW_PLAYERS.check(server);
    }
}
