#ifndef MIXTAPE_CTAGLIB_SHIM_H
#define MIXTAPE_CTAGLIB_SHIM_H
/* TagLib's C binding. pkg-config (taglib_c) puts <prefix>/include/taglib on the search path, and
   Homebrew's prefix is not on the compiler's default one, so the header is named without the
   "taglib/" folder. */
#include <tag_c.h>

/* TagLib 2.0 added the property map to the C API (taglib_property_get, taglib_property_free:
   album artist, disc number, track and disc totals); 1.x offers only the fixed fields of
   taglib_tag_*. No version macro is usable from C (taglib.h is C++), but only 2.x's tag_c.h
   defines the picture macro tested below. The helpers give Swift the same functions with either
   version: with 1.x, no properties are ever found. */
#if defined(TAGLIB_COMPLEX_PROPERTY_PICTURE)
#define MIXTAPE_TAGLIB_HAS_PROPERTIES 1
#else
#define MIXTAPE_TAGLIB_HAS_PROPERTIES 0
#endif

/* 1 when this TagLib's C API has the property map, 0 when it has only the fixed fields. */
static inline int mixtape_taglib_has_properties(void) {
    return MIXTAPE_TAGLIB_HAS_PROPERTIES;
}

/* The values of property `key` (NULL-terminated; free with mixtape_taglib_property_free), or
   NULL when absent or when this TagLib has no property map. */
static inline char **mixtape_taglib_property_get(const TagLib_File *file, const char *key) {
#if MIXTAPE_TAGLIB_HAS_PROPERTIES
    return taglib_property_get(file, key);
#else
    (void)file;
    (void)key;
    return 0;
#endif
}

/* Frees what mixtape_taglib_property_get returned. */
static inline void mixtape_taglib_property_free(char **values) {
#if MIXTAPE_TAGLIB_HAS_PROPERTIES
    taglib_property_free(values);
#else
    (void)values;
#endif
}
#endif
