#include "server/position_request.hpp"

#include <stdexcept>

#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"

namespace papamu::server {

namespace {

Variant readVariant(GameKind game, const std::string& variantText) {
    const Variant variant = variantText.empty() ? Variant{} : Variant::parse(variantText);
    validateVariant(game, variant);
    return variant;
}

}  // namespace

PositionRequest readPositionRequest(const std::string& text, const std::string& variantText) {
    const PositionText parsed = parsePosition(text);
    PositionRequest request{parsed.game, parsed.size, readVariant(parsed.game, variantText), parsed.position};
    visitGame(request.game, request.size, request.variant, [&](const auto& game) {
        if (const auto problem = game.positionProblem(request.position)) {
            throw std::invalid_argument("position '" + text + "': " + *problem);
        }
    });
    return request;
}

PositionRequest readStartRequest(const std::string& gameText, const std::string& boardText, const std::string& variantText) {
    PositionRequest request;
    request.game = parseGameKind(gameText);
    request.size = BoardSize::parse(boardText);
    request.variant = readVariant(request.game, variantText);
    visitGame(request.game, request.size, request.variant, [&](const auto& game) { request.position = game.startPosition(); });
    return request;
}

std::string positionText(const PositionRequest& request) {
    return formatPosition(request.game, BoardGeometry(request.size.rows, request.size.columns), request.position);
}

}  // namespace papamu::server
