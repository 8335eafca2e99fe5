#pragma once
// The rules, board and position a request names, read by the strict parsers of rules/ and
// checked against the game (json/game_json.hpp, as every front end reads positions); every
// problem is an std::invalid_argument with a one-line message.
#include <string>

#include "json/game_json.hpp"

namespace papamu::server {

using PositionRequest = PositionInGame;

// `positionText` in RULES.md notation, `variantText` as `--variant` takes it (empty: standard).
PositionRequest readPositionRequest(const std::string& positionText, const std::string& variantText);
// The start position of GAME RxC.
PositionRequest readStartRequest(const std::string& gameText, const std::string& boardText, const std::string& variantText);
// The canonical text of the request's position.
std::string positionText(const PositionRequest& request);

}  // namespace papamu::server
