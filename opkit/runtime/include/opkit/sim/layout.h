// CANN's Layout (kernel_operator_layout.h): a Shape and a Stride, each a Std::tuple, MakeShape/MakeStride/MakeLayout
// to build them, GetShape/GetStride/layout to read them, is_layout to test the type. The advanced APIs that take a
// Layout (TransData) read its shape.
#pragma once

#include <tuple>
#include <type_traits>

#include "opkit/sim/utils.h"

namespace AscendC {

template <typename... Shapes>
using Shape = Std::tuple<Shapes...>;
template <typename... Strides>
using Stride = Std::tuple<Strides...>;

template <typename... Ts>
constexpr Shape<Ts...> MakeShape(const Ts&... t) { return {t...}; }
template <typename... Ts>
constexpr Stride<Ts...> MakeStride(const Ts&... t) { return {t...}; }

template <typename ShapeType, typename StrideType>
struct Layout {
  constexpr Layout(const ShapeType& shape = {}, const StrideType& stride = {}) : shape_(shape), stride_(stride) {}
  constexpr decltype(auto) layout() { return *this; }
  constexpr decltype(auto) layout() const { return *this; }
  constexpr decltype(auto) GetShape() { return (shape_); }
  constexpr decltype(auto) GetShape() const { return (shape_); }
  constexpr decltype(auto) GetStride() { return (stride_); }
  constexpr decltype(auto) GetStride() const { return (stride_); }

 private:
  ShapeType shape_;
  StrideType stride_;
};

template <typename ShapeType, typename StrideType>
constexpr auto MakeLayout(const ShapeType& shape, const StrideType& stride) {
  return Layout<ShapeType, StrideType>(shape, stride);
}

template <typename T>
struct is_layout : std::false_type {};
template <typename ShapeType, typename StrideType>
struct is_layout<Layout<ShapeType, StrideType>> : std::true_type {};

}  // namespace AscendC
