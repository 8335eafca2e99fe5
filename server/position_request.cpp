#include "server/position_request.hpp"

#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"

namespace papamu::server {

PositionRequest readPositionRequest(const std::string& text, const std::string& variantText) {
    nlohmann::json request{{"position", text}};
    if (!variantText.empty()) request["variant"] = variantText;
    return positionFromJson(request);
}

PositionRequest readStartRequest(const std::string& gameText, const std::string& boardText, const std::string& variantText) {
    PositionRequest request;
    request.game = parseGameKind(gameText);
    request.size = BoardSize::parse(boardText);
    request.variant = variantText.empty() ? Variant{} : Variant::parse(variantText);
    visitGame(request.game, request.size, request.variant, [&](const auto& game) { request.position = game.startPosition(); });
    return request;
}

std::string positionText(const PositionRequest& request) {
    return formatPosition(request.game, BoardGeometry(request.size.rows, request.size.columns), request.position);
}

}  // namespace papamu::server
