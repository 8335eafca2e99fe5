#pragma once
#include <cstdint>

namespace papamu {

enum class Color : std::uint8_t { Black = 0, White = 1 };

constexpr Color opposite(Color color) { return color == Color::Black ? Color::White : Color::Black; }
constexpr int colorIndex(Color color) { return static_cast<int>(color); }
constexpr char colorLetter(Color color) { return color == Color::Black ? 'b' : 'w'; }
constexpr const char* colorName(Color color) { return color == Color::Black ? "Black" : "White"; }

// A game-theoretic value, always from the point of view of the side to move.
enum class Value : std::uint8_t { Loss = 0, Win = 1 };

constexpr Value negate(Value value) { return value == Value::Win ? Value::Loss : Value::Win; }
constexpr const char* valueName(Value value) { return value == Value::Win ? "win" : "loss"; }

}  // namespace papamu
