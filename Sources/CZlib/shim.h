// zlib (Debian zlib1g-dev): deflate for kitty graphics frames (o=z).
#pragma once
#include <zlib.h>
