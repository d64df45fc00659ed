// Checked reading of untrusted JSON: every accessor validates the type and range first and
// records a message naming the file, the record and the field instead of throwing. (WebAssembly
// builds cannot catch exceptions, so nothing on an input path may throw.)
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace atlas {

using Json = nlohmann::json;

// Deepest nesting of objects and arrays accepted from any input (requests, state, config.json,
// data files). Real inputs use at most 5 levels.
inline constexpr int kMaxJsonDepth = 64;

// Parses text without throwing; on failure returns nullopt and appends "<where>: not valid JSON"
// or "<where>: nested deeper than 64 levels" (checked while parsing, before the tree is built).
std::optional<Json> ParseJson(const std::string& text, const std::string& where,
                              std::vector<std::string>& errors);

// A JSON number as the user wrote it: integers exactly (64-bit, signed or unsigned), others as
// the shortest text that reads back to the same double.
std::string NumberAsWritten(const Json& number);

// What kind of problem a refused field has, beside its English message: for a caller that words
// the problem itself in the reader's language (the share link's notices, app/state_json.cpp)
// rather than reading the English.
enum class FieldErrorKind {
  kOther,         // none of the below: not an object, missing, not text or true/false, empty, unknown, ...
  kNotNumber,     // a number was expected (JSON of another type, not finite, text that is not a size or count)
  kNotInteger,    // a whole number was expected
  kOutOfRange,    // a number outside [min, max]
  kNotOption,     // text that is none of the choices
  kUnknownCard,   // a card id not in the catalog
  kUnknownModel,  // a model preset id not in the catalog
  kFailedCheck,   // the request as a whole fails one of its checks (ValidateWorkload)
};

struct FieldError {
  FieldErrorKind kind = FieldErrorKind::kOther;
  double min = 0, max = 0;  // kOutOfRange: the allowed range
  std::string choices;      // kNotOption: the choices, "a, b, c" (ids, the same in every language)
  FieldError() = default;
  FieldError(FieldErrorKind k, double lo = 0, double hi = 0, std::string list = {})
      : kind(k), min(lo), max(hi), choices(std::move(list)) {}
};

// Reads the fields of one JSON object; `where` names it in messages, e.g.
// "data/gpus.json: gpus[3] (id \"h100-sxm\")". With `kinds`, every message appended to
// `errors` gets its FieldError appended to *kinds, so the two stay in step.
class FieldReader {
 public:
  FieldReader(const Json& object, std::string where, std::vector<std::string>& errors,
              std::vector<FieldError>* kinds = nullptr);

  bool Has(const char* key) const;
  // The key is present and holds null.
  bool IsNull(const char* key) const;
  // Required number in [min, max].
  double Number(const char* key, double min, double max);
  // Number in [min, max], or null/absent -> nullopt (absent is an error when `must_exist`).
  std::optional<double> NullableNumber(const char* key, double min, double max,
                                       bool must_exist = true);
  // Optional number with a default when absent.
  double NumberOr(const char* key, double fallback, double min, double max);
  int Integer(const char* key, int min, int max);
  int IntegerOr(const char* key, int fallback, int min, int max);
  std::string String(const char* key, bool allow_empty = false);
  std::string StringOr(const char* key, const std::string& fallback);
  std::optional<std::string> NullableString(const char* key);
  bool Bool(const char* key);
  bool BoolOr(const char* key, bool fallback);
  std::vector<std::string> StringList(const char* key, bool require_non_empty);
  // Reports keys of the object that are not in `known` (used for strict request parsing).
  void RejectUnknown(const std::vector<std::string>& known);

  void Fail(const std::string& key, const std::string& message, FieldError kind = {});
  const std::string& where() const { return where_; }

 private:
  const Json* Get(const char* key, bool required);
  void Push(std::string message, FieldError kind);
  const Json& object_;
  std::string where_;
  std::vector<std::string>& errors_;
  std::vector<FieldError>* kinds_;
};

// Whether `s` is one of `options` (enumerated string fields of data files).
inline bool OneOf(const std::string& s, std::initializer_list<const char*> options) {
  for (const char* o : options)
    if (s == o) return true;
  return false;
}

// A number, or JSON null when there is none (figures that do not exist for a chip or a task).
inline Json NumberOrNull(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }

namespace record_list {
// The parts of ForEachRecord that do not depend on the callback.
bool IsList(const Json& root, const char* list_key, const std::string& file_name, std::vector<std::string>& errors);
std::string Where(const Json& rec, const char* list_key, const std::string& file_name, size_t index);
void CheckId(FieldReader& r, const std::string& id, std::set<std::string>& seen_ids);
void CheckNotEmpty(const Json& list, const char* list_key, const std::string& file_name, std::vector<std::string>& errors);
}  // namespace record_list

// Visits every record of the list root[list_key] of a data file. `read` gets a FieldReader
// named "<file>: <list>[i] (id "x")" and the record, and returns the record's id; the loop
// reports a missing or empty list, records that are not objects, and duplicate ids.
// Returns false when the list itself is missing or not a list.
// A template, not a std::function: the callback is called directly, so a loader's code is
// reached only through its loader (the web build leaves the loaders of data the first frame does
// not draw out of its first download; scripts/split_wasm.py counts every function whose address
// is taken as reachable).
template <typename Read>
bool ForEachRecord(const Json& root, const char* list_key, const std::string& file_name, std::vector<std::string>& errors,
                   const Read& read) {
  if (!record_list::IsList(root, list_key, file_name, errors)) return false;
  const Json& list = root[list_key];
  std::set<std::string> ids;
  for (size_t i = 0; i < list.size(); ++i) {
    const Json& rec = list[i];
    FieldReader r(rec, record_list::Where(rec, list_key, file_name, i), errors);
    if (!rec.is_object()) continue;
    record_list::CheckId(r, read(r, rec), ids);
  }
  record_list::CheckNotEmpty(list, list_key, file_name, errors);
  return true;
}

}  // namespace atlas
