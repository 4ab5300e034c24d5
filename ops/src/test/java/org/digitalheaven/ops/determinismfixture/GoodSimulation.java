package org.digitalheaven.ops.determinismfixture;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Deterministic look-alike of {@link BadSimulation}: the self-test requires that no rule fires on it, so the
 * rules stay narrow enough that the allowed replacements they recommend (and the exact Math methods) remain usable.
 */
@SuppressWarnings("unused")
public final class GoodSimulation {

    double strictMath(double a, double b) {
        return StrictMath.sin(a) + StrictMath.atan2(a, b) + StrictMath.pow(a, b) + StrictMath.log(a)
                + Math.sqrt(a) + Math.abs(a) + Math.min(a, b) + Math.max(a, b) + Math.fma(a, b, a)
                + Math.floor(a) + Math.toRadians(a);
    }

    double seededRandomness(long matchSeed) {
        return new Random(matchSeed).nextDouble();
    }

    long tickTime(long tick) {
        // TimeUnit is only unit arithmetic, not a clock read.
        return tick * TimeUnit.MILLISECONDS.toNanos(15);
    }

    int orderedCollections() {
        Set<TimeUnit> units = EnumSet.of(TimeUnit.SECONDS, TimeUnit.MILLISECONDS);
        Map<TimeUnit, Integer> perUnit = new EnumMap<>(TimeUnit.class);
        Map<String, Integer> sorted = new TreeMap<>();
        // Map.entry is only a pair, not an unordered collection; it must stay allowed next to the Map.of ban.
        sorted.put(Map.entry("a", 1).getKey(), 1);
        // HashMap over String keys iterates in an order fixed by the specified String.hashCode: not banned.
        Map<String, Integer> hashed = new HashMap<>(sorted);
        Set<String> inserted = new LinkedHashSet<>(List.of("a", "b"));
        Map<String, Integer> linked = new LinkedHashMap<>();
        return units.size() + perUnit.size() + sorted.size() + hashed.size() + inserted.size() + linked.size();
    }

    double sequentialStream(List<Double> values) {
        return new ArrayList<>(values).stream().mapToDouble(Double::doubleValue).sum();
    }
}
