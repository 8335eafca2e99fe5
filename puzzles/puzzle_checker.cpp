#include "puzzles/puzzle_checker.hpp"

#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu {

class PuzzleChecker::RulesChecker {
public:
    virtual ~RulesChecker() = default;
    virtual LineCheck check(const Position& position, const std::vector<std::string>& moves, Uniqueness uniqueness,
                            bool requireComplete) = 0;
    virtual std::optional<std::string> positionProblem(const Position& position) const = 0;
};

namespace {

// The table when it covers a position, else search; owns the table so the checker can keep it.
template <Game G>
class OwnedTableOracle {
public:
    OwnedTableOracle(const G& game, std::unique_ptr<TableProbe> table) : table_(std::move(table)), search_(game) {}
    Outcome outcome(const Position& position) {
        if (table_) {
            if (const std::optional<Outcome> found = table_->probe(position)) return *found;
        }
        return search_.outcome(position);
    }

private:
    std::unique_ptr<TableProbe> table_;
    SearchOracle<G> search_;
};

template <Game G>
class RulesCheckerFor final : public PuzzleChecker::RulesChecker {
public:
    RulesCheckerFor(const G& game, std::unique_ptr<TableProbe> table) : game_(game), oracle_(game, std::move(table)) {}
    LineCheck check(const Position& position, const std::vector<std::string>& moves, Uniqueness uniqueness,
                    bool requireComplete) override {
        return checkLine(game_, oracle_, position, moves, uniqueness, requireComplete);
    }
    std::optional<std::string> positionProblem(const Position& position) const override {
        return game_.positionProblem(position);
    }

private:
    G game_;
    OwnedTableOracle<G> oracle_;
};

}  // namespace

PuzzleChecker::PuzzleChecker(std::optional<std::string> tableRoot) : tableRoot_(std::move(tableRoot)) {}
PuzzleChecker::~PuzzleChecker() = default;

PuzzleChecker::RulesChecker& PuzzleChecker::checkerFor(GameKind game, BoardSize board, const Variant& variant) {
    auto& slot = checkers_[{static_cast<int>(game), board.rows, board.columns, variant.name()}];
    if (!slot) {
        visitGame(game, board, variant, [&](const auto& rules) {
            using Rules = std::decay_t<decltype(rules)>;
            std::unique_ptr<TableProbe> table;
            if (tableRoot_) table = std::make_unique<TableProbe>(TableProbe::open(*tableRoot_, game, board, variant));
            slot = std::make_unique<RulesCheckerFor<Rules>>(rules, std::move(table));
        });
    }
    return *slot;
}

LineCheck PuzzleChecker::checkClaim(GameKind game, BoardSize board, const Variant& variant, const Position& position,
                                    const std::vector<std::string>& moves, Uniqueness uniqueness, bool requireComplete) {
    return checkerFor(game, board, variant).check(position, moves, uniqueness, requireComplete);
}

std::optional<std::string> PuzzleChecker::checkPuzzle(const Puzzle& puzzle) {
    const PositionText parsed = parsePosition(puzzle.position);
    RulesChecker& checker = checkerFor(parsed.game, parsed.size, puzzle.variant);
    if (const auto problem = checker.positionProblem(parsed.position)) return "position: " + *problem;
    if (puzzle.length != static_cast<int>(puzzle.solution.size())) {
        return "length " + std::to_string(puzzle.length) + " does not match the " + std::to_string(puzzle.solution.size()) +
               " moves of the solution";
    }
    const LineCheck check = checker.check(parsed.position, puzzle.solution, puzzle.unique, true);
    if (!check.valid) return check.reason;
    return std::nullopt;
}

}  // namespace papamu
