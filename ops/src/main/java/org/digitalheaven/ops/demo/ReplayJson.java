package org.digitalheaven.ops.demo;

import java.io.Writer;
import java.util.List;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.server.replay.WhatIf;
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

    /**
     * A what-if replay's outcome, as the object {@code whatIf}: the changes as given, how many pawns departed, the
     * first departure (or null), and per pawn (by wire id) where it departed, in which field, and its largest position
     * deviation (null ticks: it never departed).
     */
    public static void whatIf(JsonGenerator g, WhatIf w) {
        g.writeName("whatIf");
        g.writeStartObject();
        g.writeName("changes");
        g.writeStartArray();
        for (WhatIf.Change c : w.changes()) {
            g.writeString(c.text());
        }
        g.writeEndArray();
        List<WhatIf.Departure> all = w.departures();
        g.writeNumberProperty("pawns", all.size());
        g.writeNumberProperty("departed", all.stream().filter(WhatIf.Departure::departed).count());
        WhatIf.Departure first = w.first();
        if (first == null) {
            g.writeNullProperty("first");
        } else {
            g.writeName("first");
            departure(g, first);
        }
        g.writeName("departures");
        g.writeStartArray();
        for (WhatIf.Departure d : all) {
            departure(g, d);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void departure(JsonGenerator g, WhatIf.Departure d) {
        g.writeStartObject();
        g.writeNumberProperty("wireId", d.wireId());
        g.writeStringProperty("name", d.name());
        number(g, "departedAt", d.departedAt());
        g.writeStringProperty("field", d.field());
        g.writeStringProperty("recorded", d.recorded());
        g.writeStringProperty("whatIf", d.whatIf());
        g.writeNumberProperty("largestDeviation", d.largestDeviation());
        number(g, "largestDeviationAt", d.largestAt());
        g.writeEndObject();
    }

    private static void number(JsonGenerator g, String name, Long v) {
        if (v == null) {
            g.writeNullProperty(name);
        } else {
            g.writeNumberProperty(name, v);
        }
    }
}
