#include "json_reader.hpp"

#include "format.hpp"
#include "message_text.hpp"

#include <cmath>
#include <cstdint>
#include <set>

namespace atlas {

namespace {

// nlohmann's DOM builder with a depth counter: an object or array that would open level
// kMaxJsonDepth + 1 stops the parse before it is built, so nothing later (copy, dump, compare,
// all recursive) ever walks a deep tree. The parser itself keeps its own stack, not the C one.
class DepthLimitedBuilder : public nlohmann::detail::json_sax_dom_parser<Json> {
 public:
  explicit DepthLimitedBuilder(Json& root) : json_sax_dom_parser(root, /*allow_exceptions_=*/false) {}
  bool start_object(std::size_t n) { return Enter() && json_sax_dom_parser::start_object(n); }
  bool start_array(std::size_t n) { return Enter() && json_sax_dom_parser::start_array(n); }
  bool end_object() { --depth_; return json_sax_dom_parser::end_object(); }
  bool end_array() { --depth_; return json_sax_dom_parser::end_array(); }
  bool too_deep() const { return too_deep_; }

 private:
  bool Enter() {
    if (++depth_ > kMaxJsonDepth) too_deep_ = true;
    return !too_deep_;
  }
  int depth_ = 0;
  bool too_deep_ = false;
};


}  // namespace

std::string NumberAsWritten(const Json& j) {
  if (j.is_number_unsigned()) return std::to_string(j.get<std::uint64_t>());
  if (j.is_number_integer()) return std::to_string(j.get<std::int64_t>());
  if (j.is_number_float()) {
    // Shortest text that reads back to the same double: what the user wrote, up to spelling
    // (1E5 -> 100000), and never rounded onto a bound.
    return Shortest(j.get<double>());
  }
  return j.type_name();
}

std::optional<Json> ParseJson(const std::string& text, const std::string& where,
                              std::vector<std::string>& errors) {
  // Json::parse(text, nullptr, false) without its parser-callback path: the same DOM builder,
  // strict (the whole text must be one value), with a depth limit.
  Json parsed;
  DepthLimitedBuilder builder(parsed);
  const bool ok = Json::sax_parse(text, &builder, Json::input_format_t::json, /*strict=*/true,
                                  /*ignore_comments=*/false);
  if (builder.too_deep()) {
    errors.push_back(where + ": nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    return std::nullopt;
  }
  if (!ok || builder.is_errored()) {
    errors.push_back(where + ": not valid JSON");
    return std::nullopt;
  }
  return parsed;
}

FieldReader::FieldReader(const Json& object, std::string where, std::vector<std::string>& errors,
                         std::vector<FieldError>* kinds)
    : object_(object), where_(std::move(where)), errors_(errors), kinds_(kinds) {
  if (!object_.is_object()) Push(where_ + ": expected an object", {});
}

void FieldReader::Push(std::string message, FieldError kind) {
  errors_.push_back(std::move(message));
  if (kinds_) kinds_->push_back(std::move(kind));
}

void FieldReader::Fail(const std::string& key, const std::string& message, FieldError kind) {
  Push(BoundMessage(where_ + ": field " + Quote(key) + " " + message), std::move(kind));
}

bool FieldReader::Has(const char* key) const {
  return object_.is_object() && object_.contains(key);
}

bool FieldReader::IsNull(const char* key) const { return Has(key) && object_.at(key).is_null(); }

const Json* FieldReader::Get(const char* key, bool required) {
  if (!object_.is_object()) return nullptr;
  auto it = object_.find(key);
  if (it == object_.end()) {
    if (required) Fail(key, "is missing");
    return nullptr;
  }
  return &*it;
}

double FieldReader::Number(const char* key, double min, double max) {
  auto v = NullableNumber(key, min, max, true);
  if (!v && Has(key) && object_.at(key).is_null()) Fail(key, "must not be null");
  return v.value_or(min > 0 ? min : 0.0);
}

std::optional<double> FieldReader::NullableNumber(const char* key, double min, double max,
                                                  bool must_exist) {
  const Json* j = Get(key, must_exist);
  if (!j || j->is_null()) return std::nullopt;
  if (!j->is_number()) {
    Fail(key, "must be a number, got " + std::string(j->type_name()), {FieldErrorKind::kNotNumber});
    return std::nullopt;
  }
  double v = j->get<double>();
  if (!std::isfinite(v)) {
    Fail(key, "must be finite", {FieldErrorKind::kNotNumber});
    return std::nullopt;
  }
  if (v < min || v > max) {
    Fail(key, "is " + NumberAsWritten(*j) + ", outside the allowed range [" + Shortest(min) +
                  ", " + Shortest(max) + "]", {FieldErrorKind::kOutOfRange, min, max});
    return std::nullopt;
  }
  return v;
}

double FieldReader::NumberOr(const char* key, double fallback, double min, double max) {
  if (!Has(key)) return fallback;
  return NullableNumber(key, min, max, true).value_or(fallback);
}

int FieldReader::Integer(const char* key, int min, int max) {
  const Json* j = Get(key, true);
  if (!j) return min;
  if (!j->is_number_integer()) {
    Fail(key, "must be an integer, got " + std::string(j->type_name()), {FieldErrorKind::kNotInteger});
    return min;
  }
  // Read in 64 bits (unsigned when nlohmann stored it so: 2^63 and above), compared with the
  // range, and only then narrowed.
  std::int64_t v = 0;
  bool in_range = false;
  if (j->is_number_unsigned()) {
    const std::uint64_t u = j->get<std::uint64_t>();
    in_range = max >= 0 && u <= static_cast<std::uint64_t>(max) && static_cast<std::int64_t>(u) >= min;
    v = in_range ? static_cast<std::int64_t>(u) : 0;
  } else {
    v = j->get<std::int64_t>();
    in_range = v >= min && v <= max;
  }
  if (!in_range) {
    Fail(key, "is " + NumberAsWritten(*j) + ", outside the allowed range [" + std::to_string(min) +
                  ", " + std::to_string(max) + "]", {FieldErrorKind::kOutOfRange, static_cast<double>(min), static_cast<double>(max)});
    return min;
  }
  return static_cast<int>(v);
}

int FieldReader::IntegerOr(const char* key, int fallback, int min, int max) {
  if (!Has(key)) return fallback;
  const size_t before = errors_.size();
  int v = Integer(key, min, max);
  return errors_.size() == before ? v : fallback;
}

std::string FieldReader::String(const char* key, bool allow_empty) {
  const Json* j = Get(key, true);
  if (!j) return {};
  if (!j->is_string()) {
    Fail(key, "must be a string, got " + std::string(j->type_name()));
    return {};
  }
  std::string s = j->get<std::string>();
  if (!allow_empty && s.empty()) Fail(key, "must not be empty");
  return s;
}

std::string FieldReader::StringOr(const char* key, const std::string& fallback) {
  if (!Has(key)) return fallback;
  std::string s = String(key, true);
  return s;
}

std::optional<std::string> FieldReader::NullableString(const char* key) {
  const Json* j = Get(key, false);
  if (!j || j->is_null()) return std::nullopt;
  if (!j->is_string()) {
    Fail(key, "must be a string or null, got " + std::string(j->type_name()));
    return std::nullopt;
  }
  return j->get<std::string>();
}

bool FieldReader::Bool(const char* key) {
  const Json* j = Get(key, true);
  if (!j) return false;
  if (!j->is_boolean()) {
    Fail(key, "must be true or false, got " + std::string(j->type_name()));
    return false;
  }
  return j->get<bool>();
}

bool FieldReader::BoolOr(const char* key, bool fallback) {
  if (!Has(key)) return fallback;
  const size_t before = errors_.size();
  bool v = Bool(key);
  return errors_.size() == before ? v : fallback;
}

std::vector<std::string> FieldReader::StringList(const char* key, bool require_non_empty) {
  std::vector<std::string> out;
  const Json* j = Get(key, true);
  if (!j) return out;
  if (!j->is_array()) {
    Fail(key, "must be a list of strings, got " + std::string(j->type_name()));
    return out;
  }
  for (const Json& item : *j) {
    if (!item.is_string() || item.get<std::string>().empty()) {
      Fail(key, "must hold only non-empty strings");
      return {};
    }
    out.push_back(item.get<std::string>());
  }
  if (require_non_empty && out.empty()) Fail(key, "must not be empty");
  return out;
}

void FieldReader::RejectUnknown(const std::vector<std::string>& known) {
  if (!object_.is_object()) return;
  for (auto it = object_.begin(); it != object_.end(); ++it) {
    bool found = false;
    for (const auto& k : known) found = found || k == it.key();
    if (!found) Push(BoundMessage(where_ + ": unknown field " + Quote(it.key())), {});
  }
}

namespace record_list {

bool IsList(const Json& root, const char* list_key, const std::string& file_name, std::vector<std::string>& errors) {
  if (root.is_object() && root.contains(list_key) && root[list_key].is_array()) return true;
  errors.push_back(file_name + ": field \"" + list_key + "\" must be a list of records");
  return false;
}

std::string Where(const Json& rec, const char* list_key, const std::string& file_name, size_t index) {
  std::string where = file_name + ": " + list_key + "[" + std::to_string(index) + "]";
  if (rec.is_object() && rec.contains("id") && rec["id"].is_string()) where += " (id " + Quote(rec["id"].get<std::string>()) + ")";
  return where;
}

void CheckId(FieldReader& r, const std::string& id, std::set<std::string>& seen_ids) {
  if (!id.empty() && !seen_ids.insert(id).second) r.Fail("id", "duplicates an earlier record");
}

void CheckNotEmpty(const Json& list, const char* list_key, const std::string& file_name, std::vector<std::string>& errors) {
  if (list.empty()) errors.push_back(file_name + ": field \"" + list_key + "\" holds no records");
}

}  // namespace record_list

}  // namespace atlas
