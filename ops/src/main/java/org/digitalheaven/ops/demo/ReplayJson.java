package org.digitalheaven.ops.demo;

import java.io.Writer;
import org.digitalheaven.server.replay.DemoReplay;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.json.JsonWriteFeature;

/**
 * A replay's outcome as JSON, for {@code dh-host --demo --json} and {@code regress --json}: the same
 * fields in both, written with Jackson's streaming generator. Everything outside ASCII is escaped, so
 * the text passes any terminal filter unchanged and stays valid JSON.
 */
public final class ReplayJson {

    private static final JsonFactory FACTORY = JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    private ReplayJson() {
    }

    public static JsonGenerator open(Writer w) {
        return FACTORY.createGenerator(ObjectWriteContext.empty(), w);
    }

    /**
     * The fields of one replay, into the object being written: {@code result} (OK or DIVERGED), the
     * ticks, what was checked, where it first differed, the headline and the cause lines, the warnings.
     */
    public static void result(JsonGenerator g, DemoReplay.Result r) {
        g.writeStringProperty("result", r.ok() ? "OK" : "DIVERGED");
        g.writeNumberProperty("startTick", r.startTick());
        g.writeNumberProperty("lastTick", r.lastTick());
        g.writeNumberProperty("ticksReplayed", r.ticksReplayed());
        g.writeNumberProperty("seconds", r.seconds());
        g.writeNumberProperty("checkpointsChecked", r.checkpointsChecked());
        g.writeNumberProperty("hashesChecked", r.hashesChecked());
        number(g, "divergedAt", r.divergedAt());
        number(g, "firstHashDifference", r.firstHashDifference());
        number(g, "firstCheckpointDivergence", r.firstCheckpointDivergence());
        g.writeStringProperty("headline", r.headline());
        g.writeStringProperty("cause", r.cause());
        g.writeName("warnings");
        g.writeStartArray();
        for (String w : r.warnings()) {
            g.writeString(w);
        }
        g.writeEndArray();
        g.writeBooleanProperty("truncated", r.truncated());
        g.writeStringProperty("salvaged", r.salvaged());
    }

    private static void number(JsonGenerator g, String name, Long v) {
        if (v == null) {
            g.writeNullProperty(name);
        } else {
            g.writeNumberProperty(name, v);
        }
    }
}
