// TurboJPEG: returns error codes instead of calling exit() like classic libjpeg.
#pragma once
#include <turbojpeg.h>
