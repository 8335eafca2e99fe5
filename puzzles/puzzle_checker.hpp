#pragma once
// Checks claimed lines and whole puzzles for any game, board and variant, with the outcomes
// taken from tables (when a table root is given) and exact search for what they do not cover.
// One oracle is kept per set of rules, so a file of many puzzles shares the work.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "puzzles/line_check.hpp"
#include "puzzles/puzzle.hpp"

namespace papamu {

class PuzzleChecker {
public:
    // With a table root, every set of rules checked must have a table under it (TableProbe::open
    // throws TableError otherwise).
    explicit PuzzleChecker(std::optional<std::string> tableRoot = std::nullopt);
    ~PuzzleChecker();
    PuzzleChecker(const PuzzleChecker&) = delete;
    PuzzleChecker& operator=(const PuzzleChecker&) = delete;

    // The claim "the side to move of `position` wins with `moves`" (see line_check.hpp).
    LineCheck checkClaim(GameKind game, BoardSize board, const Variant& variant, const Position& position,
                         const std::vector<std::string>& moves, Uniqueness uniqueness, bool requireComplete);
    // Why the puzzle is wrong, or nullopt when its solution is complete, correct and unique to
    // the level it claims.
    std::optional<std::string> checkPuzzle(const Puzzle& puzzle);

    class RulesChecker;  // one per set of rules; defined in the .cpp

private:
    RulesChecker& checkerFor(GameKind game, BoardSize board, const Variant& variant);

    std::optional<std::string> tableRoot_;
    std::map<std::tuple<int, int, int, std::string>, std::unique_ptr<RulesChecker>> checkers_;
};

}  // namespace papamu
