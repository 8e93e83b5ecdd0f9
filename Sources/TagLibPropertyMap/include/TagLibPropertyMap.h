#ifndef MIXTAPE_TAGLIB_PROPERTY_MAP_H
#define MIXTAPE_TAGLIB_PROPERTY_MAP_H
/* TagLib 1.x's property map and millisecond length, for a file opened through TagLib's C API.

   TagLib 1.x's C API offers only the fixed fields (title, artist, album, comment, genre, year,
   track) and the length in whole seconds; album artist, disc number and the track and disc
   totals live in the C++ PropertyMap, which the C API gained only in TagLib 2.0. In 1.x a
   TagLib_File is a TagLib::File (libtag_c's taglib_file_new returns FileRef::create's File*),
   so these functions read the map from the same open file. Built against TagLib 2 or later,
   where TagLib_File is a FileRef and the C API has the map itself, they find nothing. */
#ifdef __cplusplus
extern "C" {
#endif

/* 1 when these functions can read (TagLib 1.x), 0 otherwise. */
int mixtape_taglib1_available(void);

/* The values of property `key` (a NULL-terminated list of UTF-8 strings; free it with
   mixtape_taglib1_property_free), or NULL when absent. `file` is a TagLib_File *. */
char **mixtape_taglib1_property_get(const void *file, const char *key);

/* Frees what mixtape_taglib1_property_get returned (NULL is fine). */
void mixtape_taglib1_property_free(char **values);

/* The audio length in milliseconds, or -1 when unknown. */
long long mixtape_taglib1_length_ms(const void *file);

/* Opens `path` read-only, or returns NULL when TagLib cannot open it or does not know its type.
   TagLib's C API (taglib_file_new) opens every file read-write when it may; closing such a
   descriptor raises inotify's IN_CLOSE_WRITE although nothing was written, and `mixtape watch`
   would take each of its own reads for a change. Free with mixtape_taglib_close_read_only. */
void *mixtape_taglib_open_read_only(const char *path);

/* The TagLib_File * of a file opened by mixtape_taglib_open_read_only, for the C API calls. */
void *mixtape_taglib_read_only_file(void *opened);

/* Closes what mixtape_taglib_open_read_only returned (NULL is fine). */
void mixtape_taglib_close_read_only(void *opened);

#ifdef __cplusplus
}
#endif
#endif
