// Canonical forms against textbook values (Winning Ways; Siegel, Combinatorial Game Theory), and
// the outcome of sums of random games against playing the sums out without canonical forms.
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <vector>

#include "cgt/game_value_table.hpp"

namespace papamu {
namespace {

struct Textbook {
    GameValueTable table;
    GameValueId zero = GameValueTable::kZero;
    GameValueId one = table.make(std::vector<GameValueId>{zero}, {});
    GameValueId minusOne = table.make({}, std::vector<GameValueId>{zero});
    GameValueId two = table.make(std::vector<GameValueId>{one}, {});
    GameValueId star = table.make(std::vector<GameValueId>{zero}, std::vector<GameValueId>{zero});
    GameValueId half = table.make(std::vector<GameValueId>{zero}, std::vector<GameValueId>{one});
    GameValueId quarter = table.make(std::vector<GameValueId>{zero}, std::vector<GameValueId>{half});
    GameValueId up = table.make(std::vector<GameValueId>{zero}, std::vector<GameValueId>{star});
    GameValueId plusMinusOne = table.make(std::vector<GameValueId>{one}, std::vector<GameValueId>{minusOne});

    bool greater(GameValueId a, GameValueId b) { return table.lessOrEqual(b, a) && !table.lessOrEqual(a, b); }
    bool confused(GameValueId a, GameValueId b) { return !table.lessOrEqual(a, b) && !table.lessOrEqual(b, a); }
};

TEST_CASE("textbook values have their canonical forms and identities") {
    Textbook t;
    CHECK(t.table.text(t.one) == "{0|}");
    CHECK(t.table.text(t.star) == "{0|0}");
    CHECK(t.table.text(t.up) == "{0|{0|0}}");
    CHECK(t.table.sum(t.half, t.half) == t.one);
    CHECK(t.table.sum(t.one, t.one) == t.two);
    CHECK(t.table.sum(t.one, t.minusOne) == t.zero);
    CHECK(t.table.sum(t.star, t.star) == t.zero);
    CHECK(t.table.sum(t.quarter, t.quarter) == t.half);
    // 1/2 + 1/4 = 3/4 = {1/2 | 1}
    CHECK(t.table.sum(t.half, t.quarter) == t.table.make(std::vector<GameValueId>{t.half}, std::vector<GameValueId>{t.one}));
    CHECK(t.table.negate(t.one) == t.minusOne);
    CHECK(t.table.sum(t.up, t.table.negate(t.up)) == t.zero);
    CHECK(t.table.text(t.table.negate(t.up)) == "{{0|0}|0}");  // down = {* | 0}
    // ±1 + ±1 = 0: a switch is its own negative.
    CHECK(t.table.sum(t.plusMinusOne, t.plusMinusOne) == t.zero);
    // up + star = {0, * | 0}
    CHECK(t.table.sum(t.up, t.star) ==
          t.table.make(std::vector<GameValueId>{t.zero, t.star}, std::vector<GameValueId>{t.zero}));
}

TEST_CASE("order and outcome classes of textbook values") {
    Textbook t;
    CHECK(t.greater(t.one, t.zero));
    CHECK(t.greater(t.one, t.half));
    CHECK(t.greater(t.half, t.quarter));
    CHECK(t.greater(t.up, t.zero));
    CHECK(t.greater(t.quarter, t.up));  // up is infinitesimal
    CHECK(t.confused(t.up, t.star));
    CHECK(t.confused(t.star, t.zero));
    CHECK(t.confused(t.plusMinusOne, t.zero));
    CHECK(t.confused(t.table.sum(t.up, t.star), t.zero));                      // up* is fuzzy
    CHECK(t.greater(t.table.sum(t.table.sum(t.up, t.up), t.star), t.zero));    // double-up star > 0
    // The first player wins a fuzzy game, the second player a zero game.
    CHECK(t.table.leftWinsMovingFirst(t.star));
    CHECK(t.table.rightWinsMovingFirst(t.star));
    CHECK_FALSE(t.table.leftWinsMovingFirst(t.zero));
    CHECK_FALSE(t.table.rightWinsMovingFirst(t.zero));
    CHECK(t.table.leftWinsMovingFirst(t.up));
    CHECK_FALSE(t.table.rightWinsMovingFirst(t.up));
    CHECK(t.table.leftWinsSumMovingFirst(t.half, t.table.negate(t.quarter)));
    CHECK_FALSE(t.table.rightWinsSumMovingFirst(t.half, t.table.negate(t.quarter)));
    CHECK_FALSE(t.table.leftWinsSumMovingFirst(t.plusMinusOne, t.plusMinusOne));
}

TEST_CASE("reversible and dominated options are removed") {
    Textbook t;
    // {* | *} = 0: Left's * reverses through 0, Right's through 0.
    CHECK(t.table.make(std::vector<GameValueId>{t.star}, std::vector<GameValueId>{t.star}) == t.zero);
    // {0, 1 | } = 2 would be wrong: 1 dominates 0, so { 1 | } = 2.
    CHECK(t.table.make(std::vector<GameValueId>{t.zero, t.one}, {}) == t.two);
    // {-1 | 1} = 0 (the simplest number between).
    CHECK(t.table.make(std::vector<GameValueId>{t.minusOne}, std::vector<GameValueId>{t.one}) == t.zero);
    // {0 | 2} = 1
    CHECK(t.table.make(std::vector<GameValueId>{t.zero}, std::vector<GameValueId>{t.two}) == t.one);
}

// A game tree without canonical forms: options are indices of earlier trees.
struct RawGame {
    std::vector<int> lefts;
    std::vector<int> rights;
};

// Whether the player to move wins the sum of the raw games `parts` (brute force, memoised).
class BruteForceSum {
public:
    explicit BruteForceSum(const std::vector<RawGame>& games) : games_(games) {}
    bool moverWins(std::vector<int> parts, bool leftToMove) {
        std::sort(parts.begin(), parts.end());
        const auto key = std::make_pair(parts, leftToMove);
        if (const auto found = memo_.find(key); found != memo_.end()) return found->second;
        bool wins = false;
        for (std::size_t index = 0; index < parts.size() && !wins; ++index) {
            const RawGame& part = games_[parts[index]];
            for (const int option : leftToMove ? part.lefts : part.rights) {
                std::vector<int> next = parts;
                next[index] = option;
                if (!moverWins(next, !leftToMove)) {
                    wins = true;
                    break;
                }
            }
        }
        memo_.emplace(key, wins);
        return wins;
    }

private:
    const std::vector<RawGame>& games_;
    std::map<std::pair<std::vector<int>, bool>, bool> memo_;
};

TEST_CASE("outcomes of sums of random games agree with brute force") {
    std::mt19937 random(20261130);
    std::vector<RawGame> games{RawGame{}};
    GameValueTable table;
    std::vector<GameValueId> values{GameValueTable::kZero};
    for (int index = 1; index < 160; ++index) {
        RawGame game;
        const auto pick = [&](std::vector<int>& into) {
            const int count = static_cast<int>(random() % 3);
            for (int option = 0; option < count; ++option) into.push_back(static_cast<int>(random() % games.size()));
        };
        pick(game.lefts);
        pick(game.rights);
        std::vector<GameValueId> lefts;
        std::vector<GameValueId> rights;
        for (const int option : game.lefts) lefts.push_back(values[option]);
        for (const int option : game.rights) rights.push_back(values[option]);
        games.push_back(game);
        values.push_back(table.make(lefts, rights));
    }
    BruteForceSum brute(games);
    for (int trial = 0; trial < 400; ++trial) {
        const int a = static_cast<int>(random() % games.size());
        const int b = static_cast<int>(random() % games.size());
        const int c = static_cast<int>(random() % games.size());
        INFO("games " << a << " " << b << " " << c);
        CHECK(table.leftWinsSumMovingFirst(values[a], values[b]) == brute.moverWins({a, b}, true));
        CHECK(table.rightWinsSumMovingFirst(values[a], values[b]) == brute.moverWins({a, b}, false));
        const GameValueId three = table.sum(table.sum(values[a], values[b]), values[c]);
        CHECK(table.leftWinsMovingFirst(three) == brute.moverWins({a, b, c}, true));
        CHECK(table.rightWinsMovingFirst(three) == brute.moverWins({a, b, c}, false));
        // Canonical forms are unique: equal values (G - H = 0) have one id.
        const GameValueId difference = table.sum(values[a], table.negate(values[b]));
        CHECK((difference == GameValueTable::kZero) == (values[a] == values[b]));
    }
}

}  // namespace
}  // namespace papamu
