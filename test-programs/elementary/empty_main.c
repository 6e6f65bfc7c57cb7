#include "wend_twin.h"
int main(void) { return 0; }
