#include "wend_twin.h"
int main(void) {
    PSTRLN("héllo wörld");
    PSTRLN("日本語");
    PSTRLN("emoji: 🦀");
    PSTRLN("Grüße // not a comment");
    PSTRLN("// this is a string, not a comment");
    PSTRLN("a // b");
    PSTRLN("mixed \xc3\xa9 = é");
    PSTRLN("\342\202\254 = €");
    PSTRLN("http://example.com/");
    return 0;
}
