package org.digitalheaven.physics;

import java.util.List;

/** What one mover step reports beside the new motion: the contact planes it touched, in order. */
public record MoveResult(List<Contact> contacts) {
}
