// English counts as people write them. A text names both forms of a counted word in braces right
// after the number: "apply %d {change|changes}" -> "apply 1 change", "apply 3 changes". The group
// may hold more than the noun ("%d {configuration meets|configurations meet}"). Chinese texts
// count with measure words (3 项改动, 2 张卡) and carry no braces, so they pass unchanged.
#pragma once

#include <string>

namespace atlas {

// Resolves every "{one|other}" group of `text`: the first form when the number just before it
// (spaces skipped; digits with "," or "." inside) is exactly 1, else the second ("0 GPUs",
// "1.5 GPUs", "1,000 GPUs"). A group with no number before it takes the second form. Braces
// without a '|' inside, or nested, are left as they are.
std::string Plurals(const std::string& text);

}  // namespace atlas
