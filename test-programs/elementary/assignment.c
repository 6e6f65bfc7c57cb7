#include "wend_twin.h"
int main(void) {
    int32_t x = 0, y = 0;
    bool b = false, c = false;
    x = 1;
    y = x;
    x = 2;
    pintln(x);
    pintln(y);
    x = wadd(x, wmul(x, x));
    pintln(x);
    b = true;
    c = b;
    b = !c;
    pbool(b);
    PSTR(" ");
    pboolln(c);
    b = x > y;
    pboolln(b);
    b = b == c;
    pboolln(b);
    x = wneg(x);
    pintln(x);
    y = x;
    x = wsub(y, x);
    pintln(x);
    pintln(y);
    return 0;
}
