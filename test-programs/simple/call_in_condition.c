#include "wend_twin.h"
static int32_t counter;
static int32_t next(int32_t by) {
    counter = wadd(counter, by);
    return counter;
}
static bool more(int32_t limit) {
    PSTR("?");
    return counter < limit;
}
int main(void) {
    while (next(3) < 10) {
        pint(counter);
        PSTR(" ");
    }
    pintln(counter);
    counter = 0;
    while (more(4)) {
        next(1);
        pint(counter);
    }
    PSTRLN("");
    if (next(0) == 4 && more(100)) PSTRLN(" yes");
    return 0;
}
