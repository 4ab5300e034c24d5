package org.digitalheaven.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/** Tests' reading of JSON output: a tree of maps, lists, strings, numbers, booleans and nulls (Jackson's parser). */
public final class JsonTree {

    private JsonTree() {
    }

    /** The one value in {@code text}; anything after it but whitespace is an error. */
    static Object parse(String text) {
        try (JsonParser p = new JsonFactory().createParser(ObjectReadContext.empty(), text)) {
            Object v = value(p, p.nextToken());
            if (p.nextToken() != null) {
                throw new IllegalArgumentException("more than one JSON value: " + text);
            }
            return v;
        }
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> object(String text) {
        return (Map<String, Object>) parse(text);
    }

    private static Object value(JsonParser p, JsonToken t) {
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    String name = p.currentName();
                    m.put(name, value(p, p.nextToken()));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_ARRAY; k = p.nextToken()) {
                    l.add(value(p, k));
                }
                return l;
            }
            case VALUE_STRING -> {
                return p.getString();
            }
            case VALUE_NUMBER_INT -> {
                return p.getLongValue();
            }
            case VALUE_NUMBER_FLOAT -> {
                return p.getDoubleValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return t == JsonToken.VALUE_TRUE;
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new IllegalArgumentException("unexpected " + t);
        }
    }
}
