// giflib (Debian libgif-dev): the LZW coder of animated GIF recordings. Each wrapper is one
// step of a GIF file (screen, loop, frame delay, frame), so Swift never touches giflib's
// structures.
#pragma once
#include <gif_lib.h>
#include <stdbool.h>
#include <string.h>

/// A GIF89a file written through `write` (called with `user` as the file's UserData).
static inline GifFileType *orbit_gif_open(void *user, OutputFunc write, int *error) {
    return EGifOpen(user, write, error);
}

/// The file's user pointer, as given to `orbit_gif_open`.
static inline void *orbit_gif_user(GifFileType *gif) { return gif->UserData; }

/// The logical screen: `width` x `height` pixels, no global colour table.
static inline int orbit_gif_screen(GifFileType *gif, int width, int height) {
    EGifSetGifVersion(gif, true);
    return EGifPutScreenDesc(gif, width, height, 8, 0, NULL);
}

/// The NETSCAPE2.0 application extension with a loop count of 0: play forever.
static inline int orbit_gif_loop_forever(GifFileType *gif) {
    static const GifByteType name[11] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
    static const GifByteType loop[3] = {1, 0, 0};
    if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR) return GIF_ERROR;
    if (EGifPutExtensionBlock(gif, 11, name) == GIF_ERROR) return GIF_ERROR;
    if (EGifPutExtensionBlock(gif, 3, loop) == GIF_ERROR) return GIF_ERROR;
    return EGifPutExtensionTrailer(gif);
}

/// The graphic control extension of the next frame: shown for `centiseconds` (0...65535),
/// left in place when the next frame is drawn (disposal 1), no transparency.
static inline int orbit_gif_delay(GifFileType *gif, int centiseconds) {
    GifByteType block[4] = {1 << 2, (GifByteType)(centiseconds & 255), (GifByteType)(centiseconds >> 8), 0};
    return EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, block);
}

/// One frame: `width` x `height` palette indices at (`left`, `top`) of the screen, with a
/// local colour table of `colors` entries (a power of two, 2...256; `rgb` holds 3 bytes
/// each).
static inline int orbit_gif_frame(GifFileType *gif, int left, int top, int width, int height,
                                  const unsigned char *rgb, int colors, GifPixelType *indices) {
    ColorMapObject *map = GifMakeMapObject(colors, NULL);
    if (map == NULL) return GIF_ERROR;
    memcpy(map->Colors, rgb, (size_t)colors * 3);
    int result = EGifPutImageDesc(gif, left, top, width, height, false, map);
    GifFreeMapObject(map);
    if (result == GIF_ERROR) return GIF_ERROR;
    return EGifPutLine(gif, indices, width * height);
}

/// Writes the trailer and frees `gif`; GIF_ERROR (and `error` set) when the last write failed.
static inline int orbit_gif_close(GifFileType *gif, int *error) { return EGifCloseFile(gif, error); }

/// giflib's words for an error code.
static inline const char *orbit_gif_error(int code) {
    const char *text = GifErrorString(code);
    return text ? text : "unknown giflib error";
}

/// The whole GIF at `path` read into memory (every frame and extension), or NULL with
/// `error` set; free it with `orbit_gif_free`.
static inline GifFileType *orbit_gif_load(const char *path, int *error) {
    GifFileType *gif = DGifOpenFileName(path, error);
    if (gif == NULL) return NULL;
    if (DGifSlurp(gif) == GIF_ERROR) {
        *error = gif->Error;
        DGifCloseFile(gif, NULL);
        return NULL;
    }
    return gif;
}

/// Frees a GIF read by `orbit_gif_load`.
static inline void orbit_gif_free(GifFileType *gif) { DGifCloseFile(gif, NULL); }

/// The delay of frame `index` of a loaded GIF in centiseconds, or -1 without one.
static inline int orbit_gif_frame_delay(GifFileType *gif, int index) {
    GraphicsControlBlock gcb;
    if (DGifSavedExtensionToGCB(gif, index, &gcb) == GIF_ERROR) return -1;
    return gcb.DelayTime;
}
