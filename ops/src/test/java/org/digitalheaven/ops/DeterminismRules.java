package org.digitalheaven.ops;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.AccessTarget.CodeUnitAccessTarget;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.lang.ArchRule;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.BaseStream;
import java.util.stream.Collectors;

/**
 * Bytecode bans that keep the simulation bit-for-bit reproducible.
 *
 * <p>The server, demo playback and the regression runner re-run the same ticks and compare state hashes, so
 * anything whose result depends on the CPU, the JVM, the wall clock, the heap layout or the thread schedule
 * turns into a desync that only shows up later, on another machine. These rules catch such code at build time.
 *
 * <p>The rules carry no package filter: which classes count as "simulation code" is decided by what the caller
 * imports. That lets {@link SimulationDeterminismRulesTest} run the very same rule objects against the real
 * simulation packages and against deliberately bad fixtures in the ops test sources.
 *
 * <p>Matching is done on every access ArchUnit records (calls and method/constructor references such as
 * {@code Math::sin}), so passing a banned method as a lambda does not slip through.
 */
final class DeterminismRules {

    /** Packages whose code runs inside the fixed-tick simulation and therefore must be deterministic. */
    static final List<String> SIMULATION_PACKAGES =
            List.of("org.digitalheaven.physics", "org.digitalheaven.maps", "org.digitalheaven.universe");

    /**
     * {@code java.lang.Math} methods the JIT may replace with CPU instructions or platform libm code, so their
     * last bits differ between machines and between interpreter and C2. {@code sqrt}, {@code abs}, {@code min},
     * {@code max} and {@code fma} are exactly specified by IEEE 754 and therefore stay allowed.
     */
    static final List<String> NON_STRICT_MATH_METHODS = List.of(
            "sin", "cos", "tan", "asin", "acos", "atan", "atan2",
            "pow", "exp", "log", "log10", "log1p", "expm1", "cbrt", "hypot",
            "sinh", "cosh", "tanh");

    /** Every ban, in one list so the build check and its self-test can never drift apart. */
    static final List<ArchRule> ALL = buildRules();

    private DeterminismRules() {
    }

    private static List<ArchRule> buildRules() {
        List<ArchRule> rules = new ArrayList<>();

        // One rule per function, so the report names the exact StrictMath replacement.
        for (String name : NON_STRICT_MATH_METHODS) {
            rules.add(ban(
                    member(Math.class, name),
                    "StrictMath." + name,
                    "Math's intrinsics differ between CPUs and JVMs (and between -Xint and C2)"));
        }

        rules.add(ban(
                anyOf(List.of(member(System.class, "nanoTime", "currentTimeMillis"),
                        member(Instant.class, "now"),
                        member(LocalDateTime.class, "now"),
                        // Any Clock subtype: a clock read inside a tick is a wall-clock read, however wrapped.
                        anyMemberOfSubtypeOf(Clock.class))),
                "the simulation tick counter (tick number x tick length) as time",
                "wall-clock time differs between the live match and every replay of its demo"));

        rules.add(ban(
                anyOf(List.of(unseededRandomConstructor(),
                        member(Math.class, "random"),
                        member(ThreadLocalRandom.class, "current"))),
                "new Random(seed) with the seed taken from the match (and recorded in the demo)",
                "unseeded generators produce a different sequence on every run"));

        // Banned outright rather than only when iterated: a later refactor can add iteration anywhere.
        rules.add(ban(
                member(Set.class, "of", "copyOf"),
                "an EnumSet, a TreeSet or a LinkedHashSet (e.g. new LinkedHashSet<>(List.of(..)))",
                "Set.of/Set.copyOf iteration order is randomized per JVM run"));
        rules.add(ban(
                member(Map.class, "of", "ofEntries", "copyOf"),
                "an EnumMap, a TreeMap or a LinkedHashMap",
                "Map.of/Map.ofEntries/Map.copyOf iteration order is randomized per JVM run"));

        rules.add(noClasses()
                .should().dependOnClassesThat().areAssignableTo(IdentityHashMap.class)
                .as(describe("use java.util.IdentityHashMap",
                        "a HashMap/LinkedHashMap keyed by a stable id, or an array indexed by id",
                        "IdentityHashMap iterates in identity-hash order, which changes with every run"))
                .allowEmptyShould(true));
        rules.add(ban(
                member(System.class, "identityHashCode"),
                "an explicit stable id (body index, entity id)",
                "identity hash codes come from the heap/thread state and change with every run"));

        rules.add(ban(
                anyOf(List.of(memberOfSubtypeOf(Collection.class, "parallelStream"),
                        memberOfSubtypeOf(BaseStream.class, "parallel"))),
                "a sequential stream() or a plain loop",
                "parallel streams split and reduce in a schedule-dependent order, "
                        + "which changes floating-point sums and side-effect order"));

        return Collections.unmodifiableList(rules);
    }

    /**
     * Builds a ban on accesses. Its description, which heads the failure report, comes from {@link #describe}, so
     * a new rule cannot leave out what to use instead.
     */
    private static ArchRule ban(DescribedPredicate<JavaAccess<?>> forbidden, String useInstead, String why) {
        return noClasses()
                .should().accessTargetWhere(forbidden)
                .as(describe("call " + forbidden.getDescription(), useInstead, why))
                // An empty scan is caught by the test's explicit class-count assertion, with a clearer message.
                .allowEmptyShould(true);
    }

    /** The one message shape every rule uses: what is forbidden, what to use instead, and why. */
    private static String describe(String forbidden, String useInstead, String why) {
        return "simulation code must not " + forbidden + " - use " + useInstead + " instead: " + why;
    }

    /**
     * Accesses to the named members (any overload) declared on exactly {@code owner}. Exact, not subtype,
     * matching matters for static factories: {@code EnumSet.of} is deterministic, {@code Set.of} is not.
     */
    private static DescribedPredicate<JavaAccess<?>> member(Class<?> owner, String... names) {
        Set<String> wanted = Set.of(names);
        return DescribedPredicate.describe(
                owner.getSimpleName() + "." + String.join("/", names),
                access -> access.getTargetOwner().isEquivalentTo(owner)
                        && wanted.contains(access.getTarget().getName()));
    }

    /**
     * Accesses to the named members through any subtype of {@code owner}: bytecode records the static receiver
     * type ({@code ArrayList.parallelStream}, {@code IntStream.parallel}), not the declaring interface.
     */
    private static DescribedPredicate<JavaAccess<?>> memberOfSubtypeOf(Class<?> owner, String... names) {
        Set<String> wanted = Set.of(names);
        return DescribedPredicate.describe(
                owner.getSimpleName() + "(or subtype)." + String.join("/", names),
                access -> access.getTargetOwner().isAssignableTo(owner)
                        && wanted.contains(access.getTarget().getName()));
    }

    private static DescribedPredicate<JavaAccess<?>> anyMemberOfSubtypeOf(Class<?> owner) {
        return DescribedPredicate.describe(
                owner.getSimpleName() + "(or subtype) methods",
                access -> access.getTargetOwner().isAssignableTo(owner));
    }

    /** {@code new Random()} only: a seeded {@code new Random(long)} is exactly what simulation code should use. */
    private static DescribedPredicate<JavaAccess<?>> unseededRandomConstructor() {
        return DescribedPredicate.describe(
                "new Random()",
                access -> access.getTargetOwner().isEquivalentTo(Random.class)
                        && access.getTarget() instanceof CodeUnitAccessTarget target
                        && target.getName().equals("<init>")
                        && target.getRawParameterTypes().isEmpty());
    }

    private static DescribedPredicate<JavaAccess<?>> anyOf(List<DescribedPredicate<JavaAccess<?>>> predicates) {
        return DescribedPredicate.or(predicates).as(
                predicates.stream().map(DescribedPredicate::getDescription).collect(Collectors.joining(", ")));
    }
}
