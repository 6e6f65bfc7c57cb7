/* C twin of starfield.wend */
#include "../wend_twin.h"
static int32_t frames, delay, frame, sink, N, px, py, pz;
static void spin(int32_t n) {
    int32_t i = 0;
    while (i < n) {
        sink = wadd(wmul(sink, 31), i);
        i = i + 1;
    }
}
static int32_t sinT(int32_t a) {
    int32_t p = 0;
    a = a % 1024;
    if (a < 0) a = a + 1024;
    if (a < 512) {
        p = a * (512 - a);
        return 4096 * p / (327680 - p);
    }
    a = a - 512;
    p = a * (512 - a);
    return -(4096 * p / (327680 - p));
}
static int32_t hash(int32_t x, int32_t y) {
    int32_t h = 0;
    h = wadd(wmul(x, 374761393), wmul(y, 668265263));
    h = wmul(wadd(h / 8192, h), 1274126177);
    h = wmul(wadd(h / 65536, h), 668265263);
    h = h / 65536 % 256;
    if (h < 0) h = -h;
    return h;
}
static bool place(int32_t i, int32_t t) {
    int32_t x = 0, y = 0, rx = 0, ry = 0, c = 0, s = 0;
    if (t < 0) return false;
    x = (hash(i, 1) * 256 + hash(i, 2)) / 32 - 1024;
    y = (hash(i, 3) * 256 + hash(i, 4)) / 32 - 1024;
    pz = (hash(i, 5) * 16 + hash(i, 6) / 16 - t * 24) % 4096;
    if (pz < 0) pz = pz + 4096;
    pz = pz + 64;
    c = sinT(t * 2 + 256);
    s = sinT(t * 2);
    rx = (x * c - y * s) / 1024;
    ry = (x * s + y * c) / 1024;
    px = 41 + rx * 40 / pz;
    py = 12 + ry * 20 / pz;
    return px >= 1 && px <= 80 && py >= 1 && py <= 23;
}
static void moveTo(int32_t row, int32_t col) {
    PSTR("\033[");
    pint(row);
    PSTR(";");
    pint(col);
    PSTR("H");
}
static void erase(int32_t i, int32_t t) {
    if (place(i, t)) {
        moveTo(py, px);
        PSTR(" ");
    }
}
static void trail(int32_t i, int32_t t) {
    int32_t z = 0;
    if (place(i, t)) {
        z = pz;
        if (place(i, t - 1)) {
            if (pz > z) {
                moveTo(py, px);
                PSTR("\033[38;5;240m.");
            }
        }
    }
}
static void star(int32_t i, int32_t t) {
    if (place(i, t)) {
        moveTo(py, px);
        PSTR("\033[38;5;");
        pint(255 - pz * 20 / 4160);
        PSTR("m");
        if (pz < 700) {
            PSTR("@");
        } else if (pz < 1500) {
            PSTR("*");
        } else if (pz < 2600) {
            PSTR("+");
        } else {
            PSTR(".");
        }
    }
}
static void drawFrame(int32_t t) {
    int32_t i = 0;
    i = 0;
    while (i < N) {
        erase(i, t - 1);
        erase(i, t - 2);
        i = i + 1;
    }
    i = 0;
    while (i < N) {
        trail(i, t);
        i = i + 1;
    }
    i = 0;
    while (i < N) {
        star(i, t);
        i = i + 1;
    }
    moveTo(24, 1);
    PSTR("\033[0m starfield  frame ");
    pint(t + 1);
    PSTR("/");
    pint(frames);
    PSTR("\033[K");
}
int main(void) {
    frames = 600; // frames
    delay = 12000000; // delay
    N = 200;
    PSTR("\033[0m\033[2J\033[?25l");
    while (frame < frames) {
        drawFrame(frame);
        spin(delay);
        frame = frame + 1;
    }
    PSTRLN("\033[0m\033[?25h");
    PSTR("starfield: ");
    pint(frames);
    PSTR(" frames, checksum ");
    pintln(sink);
    return 0;
}
