package org.digitalheaven.ops.determinismfixture;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Deliberately non-deterministic "simulation" code: the self-test in {@code SimulationDeterminismRulesTest}
 * proves that every determinism rule fires on it. Never called at runtime; only its bytecode matters.
 *
 * <p>Each banned API is used in the shape real code tends to use it (through an interface or concrete receiver,
 * inside a lambda, as a method reference), because the rules match on what javac emits, and each shape emits a
 * different owner or access kind. Keep this class free of nested/anonymous classes: the self-test imports only
 * this one class file.
 */
@SuppressWarnings("unused")
public final class BadSimulation {

    // Declared with the concrete type so the field type itself, not only the constructor call, must be flagged.
    private final IdentityHashMap<Object, Integer> byIdentity = new IdentityHashMap<>();

    double nonStrictMath(double a, double b) {
        return Math.sin(a) + Math.cos(a) + Math.tan(a) + Math.asin(a) + Math.acos(a) + Math.atan(a)
                + Math.atan2(a, b) + Math.pow(a, b) + Math.exp(a) + Math.log(a) + Math.log10(a) + Math.log1p(a)
                + Math.expm1(a) + Math.cbrt(a) + Math.hypot(a, b) + Math.sinh(a) + Math.cosh(a) + Math.tanh(a);
    }

    double nonStrictMathAsReferences(double a, double b) {
        DoubleUnaryOperator sin = Math::sin;
        DoubleBinaryOperator pow = Math::pow;
        DoubleUnaryOperator inLambda = x -> Math.exp(x);
        return sin.applyAsDouble(a) + pow.applyAsDouble(a, b) + inLambda.applyAsDouble(a);
    }

    long wallClock() {
        return System.nanoTime() + System.currentTimeMillis() + Instant.now().getNano()
                + LocalDateTime.now().getSecond() + Clock.systemUTC().millis();
    }

    double unseededRandomness() {
        Supplier<Random> viaReference = Random::new;
        return new Random().nextDouble() + Math.random() + ThreadLocalRandom.current().nextDouble()
                + viaReference.get().nextDouble();
    }

    int hashOrderedCollections() {
        int sum = 0;
        for (String s : Set.of("a", "b", "c")) {
            sum = sum * 31 + s.hashCode();
        }
        for (String s : Set.copyOf(List.of("a", "b"))) {
            sum = sum * 31 + s.hashCode();
        }
        for (Map.Entry<String, Integer> e : Map.of("a", 1, "b", 2).entrySet()) {
            sum = sum * 31 + e.getValue();
        }
        sum += Map.ofEntries(Map.entry("a", 1)).size() + Map.copyOf(Map.of()).size();
        return sum;
    }

    int identity(Object o) {
        byIdentity.put(o, 1);
        return System.identityHashCode(o);
    }

    double parallelStreams(ArrayList<Double> concrete, List<Double> viaInterface) {
        return concrete.parallelStream().mapToDouble(Double::doubleValue).sum()
                + viaInterface.stream().parallel().mapToDouble(Double::doubleValue).sum()
                + IntStream.range(0, 10).parallel().sum();
    }
}
