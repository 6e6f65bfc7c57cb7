#include "wend_twin.h"
int main(void) {
    pboolln(true);
    pboolln(false);
    pbool(true);
    PSTR(" ");
    pboolln(false);
    pbool(true); pbool(false); pboolln(true);
    pboolln(1 < 2);
    pboolln(2 < 1);
    return 0;
}
