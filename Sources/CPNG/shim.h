// libpng's simplified API: no setjmp needed, errors come back in image.message.
#pragma once
#include <png.h>
