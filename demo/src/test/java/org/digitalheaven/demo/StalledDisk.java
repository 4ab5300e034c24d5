package org.digitalheaven.demo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;

/** A disk that blocks every write until {@link #release()}, then keeps what is written. */
final class StalledDisk extends OutputStream {
    private final CountDownLatch released = new CountDownLatch(1);
    private final ByteArrayOutputStream written = new ByteArrayOutputStream();

    @Override
    public void write(int b) throws IOException {
        try {
            released.await();
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
        synchronized (written) {
            written.write(b);
        }
    }

    void release() {
        released.countDown();
    }

    byte[] written() {
        synchronized (written) {
            return written.toByteArray();
        }
    }
}
