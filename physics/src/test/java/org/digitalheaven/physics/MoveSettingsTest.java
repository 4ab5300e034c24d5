package org.digitalheaven.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@link MoveSettings#FIELDS}, {@link MoveSettings#toArray()} and {@link MoveSettings#fromArray} against the record itself. */
class MoveSettingsTest {

    @Test
    void fieldsNameEveryComponentInDeclarationOrder() {
        RecordComponent[] components = MoveSettings.class.getRecordComponents();
        assertEquals(Arrays.stream(components).map(RecordComponent::getName).toList(), MoveSettings.FIELDS);
    }

    /** Each component set to a distinct value lands at its own index and comes back to the same bits. */
    @Test
    void toArrayAndFromArrayKeepEveryComponentInItsPlace() throws ReflectiveOperationException {
        float[] values = new float[MoveSettings.FIELDS.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = i == 3 ? -0f : 1.5f + i;
        }
        MoveSettings m = MoveSettings.fromArray(values);
        RecordComponent[] components = MoveSettings.class.getRecordComponents();
        for (int i = 0; i < components.length; i++) {
            float got = (float) components[i].getAccessor().invoke(m);
            assertEquals(Float.floatToRawIntBits(values[i]), Float.floatToRawIntBits(got), components[i].getName());
        }
        float[] back = m.toArray();
        for (int i = 0; i < values.length; i++) {
            assertEquals(Float.floatToRawIntBits(values[i]), Float.floatToRawIntBits(back[i]), MoveSettings.FIELDS.get(i));
        }
        assertThrows(IllegalArgumentException.class, () -> MoveSettings.fromArray(new float[15]));
    }
}
