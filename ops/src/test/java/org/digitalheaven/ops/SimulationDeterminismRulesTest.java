package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.digitalheaven.ops.determinismfixture.BadSimulation;
import org.digitalheaven.ops.determinismfixture.GoodSimulation;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Fails the build when simulation code (physics, maps, universe) uses an API whose result is not reproducible
 * across machines, JVMs or runs. Lives in ops because ops is the one module that sees every other module.
 */
class SimulationDeterminismRulesTest {

    /**
     * Physics has about twenty classes today. Far fewer means the import looked in the wrong place (a renamed
     * package, a classpath change), and every "no classes should" rule would then pass on nothing.
     */
    private static final int MIN_PHYSICS_CLASSES = 5;

    @Test
    void simulationCodeIsDeterministic() {
        JavaClasses simulation = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(DeterminismRules.SIMULATION_PACKAGES);

        long physicsClasses = simulation.stream()
                .filter(c -> isInPackage(c, "org.digitalheaven.physics"))
                .count();
        assertTrue(physicsClasses > MIN_PHYSICS_CLASSES,
                () -> "expected more than " + MIN_PHYSICS_CLASSES + " physics classes to check, imported "
                        + physicsClasses + "; the determinism rules would be checking nothing");

        // The rules carry no package filter, so the import alone defines "simulation code"; make sure it did.
        List<String> strays = simulation.stream()
                .filter(c -> DeterminismRules.SIMULATION_PACKAGES.stream().noneMatch(p -> isInPackage(c, p)))
                .map(JavaClass::getName)
                .toList();
        assertEquals(List.of(), strays, "classes outside the simulation packages were imported");

        // assertAll rather than a loop: one build run should list every broken rule, not just the first.
        assertAll(DeterminismRules.ALL.stream().map(rule -> (Executable) () -> rule.check(simulation)));
    }

    private static boolean isInPackage(JavaClass javaClass, String pkg) {
        String name = javaClass.getPackageName();
        return name.equals(pkg) || name.startsWith(pkg + ".");
    }

    /**
     * Proves the rules can fail: a rule that never fires would make the build check above pass forever. Runs the
     * same {@link DeterminismRules#ALL} objects against fixtures instead of the simulation packages.
     */
    @Nested
    class SelfTest {

        // importClasses, not importPackages with DO_NOT_INCLUDE_TESTS: the fixtures live in test-classes on purpose.
        private final JavaClasses bad = new ClassFileImporter().importClasses(BadSimulation.class);
        private final JavaClasses good = new ClassFileImporter().importClasses(GoodSimulation.class);

        @Test
        void everyRuleFiresOnTheBadFixtureAndSaysWhatToUseInstead() {
            assertAll(DeterminismRules.ALL.stream().map(rule -> (Executable) () -> {
                EvaluationResult result = rule.evaluate(bad);
                assertTrue(result.hasViolation(), () -> "rule never fires on BadSimulation: " + rule.getDescription());
                assertTrue(result.getFailureReport().toString().contains(" - use "),
                        () -> "failure report does not say what to use instead:\n" + result.getFailureReport());
            }));
        }

        @Test
        void everyForbiddenCallIsReported() {
            String reports = DeterminismRules.ALL.stream()
                    .map(rule -> rule.evaluate(bad).getFailureReport().toString())
                    .collect(Collectors.joining("\n"));

            List<String> expected = new ArrayList<>();
            for (String name : DeterminismRules.NON_STRICT_MATH_METHODS) {
                expected.add("calls method <java.lang.Math." + name + "(");
            }
            expected.addAll(List.of(
                    // Method references and lambdas: the forms a plain call-only rule would miss.
                    "references method <java.lang.Math.sin(double)>",
                    "references method <java.lang.Math.pow(double, double)>",
                    // ArchUnit attributes a lambda body to the method that declares the lambda.
                    "nonStrictMathAsReferences(double, double)> calls method <java.lang.Math.exp(double)>",
                    "references constructor <java.util.Random.<init>()>",

                    "calls method <java.lang.System.nanoTime()>",
                    "calls method <java.lang.System.currentTimeMillis()>",
                    "calls method <java.time.Instant.now()>",
                    "calls method <java.time.LocalDateTime.now()>",
                    "calls method <java.time.Clock.systemUTC()>",
                    "calls method <java.time.Clock.millis()>",

                    "calls constructor <java.util.Random.<init>()>",
                    "calls method <java.lang.Math.random()>",
                    "calls method <java.util.concurrent.ThreadLocalRandom.current()>",

                    "calls method <java.util.Set.of(java.lang.Object, java.lang.Object, java.lang.Object)>",
                    "calls method <java.util.Set.copyOf(java.util.Collection)>",
                    "calls method <java.util.Map.of(java.lang.Object, java.lang.Object, java.lang.Object, java.lang.Object)>",
                    "calls method <java.util.Map.of()>",
                    "calls method <java.util.Map.ofEntries([Ljava.util.Map$Entry;)>",
                    "calls method <java.util.Map.copyOf(java.util.Map)>",

                    "byIdentity> has type <java.util.IdentityHashMap>",
                    "calls constructor <java.util.IdentityHashMap.<init>()>",
                    "calls method <java.lang.System.identityHashCode(java.lang.Object)>",

                    // Owner is the static receiver type javac saw, not the interface that declares the method.
                    "calls method <java.util.ArrayList.parallelStream()>",
                    "calls method <java.util.stream.Stream.parallel()>",
                    "calls method <java.util.stream.IntStream.parallel()>"));

            assertAll(expected.stream().map(call -> (Executable) () -> assertTrue(reports.contains(call),
                    () -> "forbidden access not reported: " + call + "\nreports were:\n" + reports)));
        }

        @Test
        void theGoodFixturePassesEveryRule() {
            assertAll(DeterminismRules.ALL.stream().map(rule -> (Executable) () -> rule.check(good)));
        }

        @Test
        void fixturesWereActuallyImported() {
            // Guards the self-test itself: evaluating rules against an empty import would prove nothing.
            assertTrue(bad.contain(BadSimulation.class), "BadSimulation missing from its import");
            assertTrue(good.contain(GoodSimulation.class), "GoodSimulation missing from its import");
        }
    }
}
