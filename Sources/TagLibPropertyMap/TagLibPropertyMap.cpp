// See include/TagLibPropertyMap.h for why this exists. Callers hold TagLibGate, like every
// other TagLib call in Mixtape.
#include "TagLibPropertyMap.h"

#include <cstdlib>
#include <cstring>
#include <taglib/audioproperties.h>
#include <taglib/fileref.h>
#include <taglib/tfilestream.h>
#include <taglib/taglib.h>
#include <taglib/tfile.h>
#include <taglib/tpropertymap.h>

#if TAGLIB_MAJOR_VERSION < 2
#define MIXTAPE_TAGLIB1 1
#else
#define MIXTAPE_TAGLIB1 0
#endif

extern "C" int mixtape_taglib1_available(void) { return MIXTAPE_TAGLIB1; }

extern "C" char **mixtape_taglib1_property_get(const void *file, const char *key) {
#if MIXTAPE_TAGLIB1
    const TagLib::File *opened = static_cast<const TagLib::File *>(file);
    if (opened == nullptr || key == nullptr) return nullptr;
    const TagLib::PropertyMap map = opened->properties();
    const TagLib::PropertyMap::ConstIterator found = map.find(TagLib::String(key, TagLib::String::UTF8));
    if (found == map.end() || found->second.isEmpty()) return nullptr;
    const TagLib::StringList &values = found->second;
    char **list = static_cast<char **>(std::calloc(values.size() + 1, sizeof(char *)));
    if (list == nullptr) return nullptr;
    size_t index = 0;
    for (TagLib::StringList::ConstIterator value = values.begin(); value != values.end(); ++value) {
        list[index++] = ::strdup(value->toCString(true));
    }
    return list;
#else
    (void)file;
    (void)key;
    return nullptr;
#endif
}

extern "C" void mixtape_taglib1_property_free(char **values) {
    if (values == nullptr) return;
    for (char **value = values; *value != nullptr; ++value) std::free(*value);
    std::free(values);
}

extern "C" long long mixtape_taglib1_length_ms(const void *file) {
#if MIXTAPE_TAGLIB1
    const TagLib::File *opened = static_cast<const TagLib::File *>(file);
    const TagLib::AudioProperties *audio = opened == nullptr ? nullptr : opened->audioProperties();
    return audio == nullptr ? -1 : static_cast<long long>(audio->lengthInMilliseconds());
#else
    (void)file;
    return -1;
#endif
}

namespace {
/// A read-only stream and the file TagLib parsed from it. The stream is declared first, so it
/// is destroyed last: the file reads through it until the FileRef lets go.
struct ReadOnlyFile {
    TagLib::FileStream stream;
    TagLib::FileRef ref;
    explicit ReadOnlyFile(const char *path)
        : stream(path, true), ref(&stream, true, TagLib::AudioProperties::Average) {}
};
}  // namespace

extern "C" void *mixtape_taglib_open_read_only(const char *path) {
    if (path == nullptr) return nullptr;
    ReadOnlyFile *opened = new ReadOnlyFile(path);
    if (!opened->stream.isOpen() || opened->ref.isNull()) {
        delete opened;
        return nullptr;
    }
    return opened;
}

extern "C" void *mixtape_taglib_read_only_file(void *opened) {
    ReadOnlyFile *file = static_cast<ReadOnlyFile *>(opened);
#if MIXTAPE_TAGLIB1
    // libtag_c 1.x casts a TagLib_File * to a TagLib::File *.
    return file->ref.file();
#else
    // libtag_c 2.x casts a TagLib_File * to a TagLib::FileRef *.
    return &file->ref;
#endif
}

extern "C" void mixtape_taglib_close_read_only(void *opened) {
    delete static_cast<ReadOnlyFile *>(opened);
}
