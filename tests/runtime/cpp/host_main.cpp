// Test driver for opkit::host: runs infer/tile/platform queries from the command line and prints JSON.
//   host list | platform SOC | dup
//   host infer|tile OP [-i INPUT]... [-a NAME=KIND:VALUE]... [-n DYNAMIC_OUTPUT_COUNT]... [-s SOC] [-c CAPACITY]
// INPUT: "-" absent, "[]" empty list, "float16:8,2048" one tensor, "a;b" a dynamic list, "int64:3@5" with data
// filled with 5. A HostError prints {"error": ...} and exits 3.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "host_add_custom_tiling.h"
#include "host_attrs_op_tiling.h"
#include "opkit/host/launch_op.h"
#include "opkit/host/registry.h"

namespace {
using opkit::host::AttrValue;

std::string Quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, sep)) out.push_back(item);
  return out;
}

ge::DataType ParseDtype(const std::string& name) {
  for (int i = 0; i < ge::DT_MAX; ++i) {
    if (ge::TypeUtils::DataTypeToPrototypeName(static_cast<ge::DataType>(i)) == name) {
      return static_cast<ge::DataType>(i);
    }
  }
  throw std::invalid_argument("bad dtype " + name);
}

std::vector<int64_t> Ints(const std::string& s) {
  std::vector<int64_t> v;
  for (const auto& p : Split(s, ',')) v.push_back(std::stoll(p));
  return v;
}

std::vector<std::vector<int64_t>> g_data;  // storage for "@value" inputs, alive for the whole run

opkit::host::IrTensors ParseInput(const std::string& spec) {
  opkit::host::IrTensors out;
  if (spec == "-" || spec == "[]") return out;
  for (const auto& one : Split(spec, ';')) {
    const auto colon = one.find(':');
    std::string dims = one.substr(colon + 1);
    opkit::host::TensorArg t;
    t.dtype = ParseDtype(one.substr(0, colon));
    const auto at = dims.find('@');
    if (at != std::string::npos) {
      t.shape = Ints(dims.substr(0, at));
      int64_t n = 1;
      for (int64_t d : t.shape) n *= d;
      g_data.emplace_back(static_cast<size_t>(n), std::stoll(dims.substr(at + 1)));
      t.data = g_data.back().data();
    } else if (!dims.empty()) {
      t.shape = Ints(dims);
    }
    out.push_back(t);
  }
  return out;
}

AttrValue ParseAttr(const std::string& kind, const std::string& v) {
  if (kind == "int") return AttrValue(int64_t{std::stoll(v)});
  if (kind == "float") return AttrValue(std::stof(v));
  if (kind == "bool") return AttrValue(v == "1" || v == "true");
  if (kind == "string") return AttrValue(v);
  if (kind == "type") return AttrValue(ParseDtype(v));
  if (kind == "list_int") return AttrValue(v.empty() ? std::vector<int64_t>{} : Ints(v));
  if (kind == "list_float") {
    std::vector<float> f;
    for (const auto& p : Split(v, ',')) f.push_back(std::stof(p));
    return AttrValue(f);
  }
  if (kind == "list_bool") {
    std::vector<bool> b;
    for (const auto& p : Split(v, ',')) b.push_back(p == "1" || p == "true");
    return AttrValue(b);
  }
  if (kind == "list_string") return AttrValue(Split(v, ','));
  if (kind == "list_list_int") {
    std::vector<std::vector<int64_t>> ll;
    for (const auto& row : Split(v, '/')) ll.push_back(row.empty() ? std::vector<int64_t>{} : Ints(row));
    return AttrValue(ll);
  }
  throw std::invalid_argument("bad attr kind " + kind);
}

struct Args {
  std::string op;
  std::vector<opkit::host::IrTensors> inputs;
  opkit::host::AttrMap attrs;
  std::vector<size_t> counts;
  opkit::host::TileOptions options;
};

Args ParseArgs(int argc, char** argv) {
  Args a;
  a.op = argv[2];
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "-i") a.inputs.push_back(ParseInput(value));
    if (flag == "-n") a.counts.push_back(std::stoul(value));
    if (flag == "-s") a.options.soc = value;
    if (flag == "-c") a.options.tiling_capacity = std::stoul(value);
    if (flag == "-a") {
      const auto eq = value.find('='), colon = value.find(':', eq);
      a.attrs[value.substr(0, eq)] = ParseAttr(value.substr(eq + 1, colon - eq - 1), value.substr(colon + 1));
    }
  }
  return a;
}

std::string ShapeJson(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? "," : "") + std::to_string(dims[i]);
  return s + "]";
}

template <typename T>
std::string ArrJson(const T* v, int64_t n) {
  std::ostringstream s;
  s << "[";
  for (int64_t i = 0; i < n && i < 4; ++i) s << (i ? "," : "") << v[i];
  s << "]";
  return s.str();
}

std::string AttrsEcho(const std::vector<uint8_t>& bytes) {
  AttrsTilingData t{};
  std::memcpy(&t, bytes.data(), sizeof(t));
  std::ostringstream s;
  s << "{\"count\":" << t.count << ",\"alpha\":" << t.alpha << ",\"flag\":" << t.flag << ",\"out_dtype\":"
    << t.outDtype << ",\"mode\":" << Quote(t.mode) << ",\"axes\":" << ArrJson(t.axes, t.axesN)
    << ",\"weights\":" << ArrJson(t.weights, t.weightsN) << ",\"masks\":" << ArrJson(t.masks, t.masksN)
    << ",\"tags_n\":" << t.tagsN << ",\"tag0\":" << Quote(t.tag0) << ",\"groups_n\":" << t.groupsN
    << ",\"group_sizes\":" << ArrJson(t.groupSizes, t.groupsN) << ",\"group_sum\":" << t.groupSum
    << ",\"attr_num\":" << t.attrNum << ",\"input_num\":" << t.inputNum << ",\"has_bias\":" << t.hasBias
    << ",\"xs_last_dims\":" << ArrJson(t.xsLastDims, t.xsNum) << ",\"bias_first\":" << t.biasFirst
    << ",\"mixed_type_null\":" << t.mixedTypeNull << "}";
  return s.str();
}

std::string AddEcho(const std::vector<uint8_t>& bytes) {
  AddCustomTilingData t{};
  std::memcpy(&t, bytes.data(), sizeof(t));
  std::ostringstream s;
  s << "{\"totalLength\":" << t.totalLength << ",\"tileLength\":" << t.tileLength << ",\"blockLength\":"
    << t.blockLength << ",\"coreNum\":" << t.coreNum << ",\"ubSize\":" << t.ubSize << "}";
  return s.str();
}

void PrintInfer(const Args& a) {
  const auto r = opkit::host::infer(a.op, a.inputs, a.attrs, a.counts);
  std::cout << "{\"outputs\":[";
  for (size_t i = 0; i < r.outputs.size(); ++i) {
    std::cout << (i ? "," : "") << "[";
    for (size_t k = 0; k < r.outputs[i].size(); ++k) {
      std::cout << (k ? "," : "") << "{\"shape\":" << ShapeJson(r.outputs[i][k].shape) << ",\"dtype\":"
                << Quote(ge::TypeUtils::DataTypeToPrototypeName(r.outputs[i][k].dtype)) << "}";
    }
    std::cout << "]";
  }
  std::cout << "]}\n";
}

void PrintTile(const Args& a) {
  const auto r = opkit::host::tile(a.op, a.inputs, a.attrs, a.options);
  std::string hex;
  for (uint8_t b : r.tiling) {
    char buf[3];
    std::snprintf(buf, sizeof(buf), "%02x", b);
    hex += buf;
  }
  std::cout << "{\"block_dim\":" << r.block_dim << ",\"tiling_key\":" << r.tiling_key << ",\"soc\":"
            << Quote(r.soc) << ",\"tiling_hex\":" << Quote(hex) << ",\"workspaces\":[";
  for (size_t i = 0; i < r.workspace_sizes.size(); ++i) std::cout << (i ? "," : "") << r.workspace_sizes[i];
  std::cout << "]";
  if (a.op == "AttrsCustom") std::cout << ",\"echo\":" << AttrsEcho(r.tiling);
  if (a.op == "AddCustom") std::cout << ",\"echo\":" << AddEcho(r.tiling);
  std::cout << "}\n";
}

// Whether a launch of the op on these inputs and the outputs InferShape gives them is skipped (launch_op.h).
void PrintSkips(const Args& a) {
  namespace b = opkit::host::bindings;
  const auto inferred = opkit::host::infer(a.op, a.inputs, a.attrs, a.counts);
  b::OpTable table{a.op.c_str(), {}, {}, {}, {}};
  std::vector<b::IrSlot> slots;
  for (const auto* side : {&a.inputs, &inferred.outputs}) {
    for (const opkit::host::IrTensors& ir : *side) {
      (side == &a.inputs ? table.inputs : table.outputs).emplace_back("t", false);
      b::IrSlot slot{"t", false, {}};
      for (const auto& t : ir) slot.tensors.push_back(b::Tensor{nullptr, 0, t.shape, t.dtype});
      slots.push_back(slot);
    }
  }
  std::cout << "{\"skips\":" << (b::SkipsLaunch(table, slots) ? "true" : "false") << "}\n";
}

void PrintPlatform(const std::string& soc) {
  const auto& profile = opkit::host::detail::resolve_soc(soc);
  platform_ascendc::PlatformAscendC p(opkit::host::detail::platform_infos(profile));
  uint64_t ub = 0, l1 = 0, l0c = 0, hbm = 0;
  p.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  p.GetCoreMemSize(platform_ascendc::CoreMemType::L1, l1);
  p.GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, l0c);
  p.GetCoreMemSize(platform_ascendc::CoreMemType::HBM, hbm);
  std::string short_version;
  opkit::host::detail::platform_infos(profile)->GetPlatformRes("version", "Short_SoC_version", short_version);
  std::cout << "{\"name\":" << Quote(profile.name) << ",\"core_num\":" << p.GetCoreNum() << ",\"aiv\":"
            << p.GetCoreNumAiv() << ",\"aic\":" << p.GetCoreNumAic() << ",\"ub\":" << ub << ",\"l1\":" << l1
            << ",\"l0c\":" << l0c << ",\"hbm\":" << hbm << ",\"soc_version\":" << static_cast<int>(p.GetSocVersion())
            << ",\"lib_ws\":" << p.GetLibApiWorkSpaceSize() << ",\"tsch_mix\":" << p.CalcTschBlockDim(48, 24, 48)
            << ",\"tsch_vec\":" << p.CalcTschBlockDim(40, 0, 40) << ",\"short\":" << Quote(short_version)
            << ",\"manager_aiv\":" << platform_ascendc::PlatformAscendCManager::GetInstance()->GetCoreNumAiv() << "}\n";
}

void PrintList() {
  std::cout << "{\"ops\":[";
  const auto names = opkit::host::registered_ops();
  for (size_t i = 0; i < names.size(); ++i) std::cout << (i ? "," : "") << Quote(names[i]);
  const ops::OpDef& def = opkit::host::find_op("AddCustom");
  std::cout << "],\"add_inputs\":" << def.GetInputs().size() << ",\"add_configs\":"
            << def.AICore().GetAICoreConfigs().size() << "}\n";
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const std::string cmd = argv[1];
  try {
    if (cmd == "list") PrintList();
    if (cmd == "platform") PrintPlatform(argc > 2 ? argv[2] : "");
    if (cmd == "infer") PrintInfer(ParseArgs(argc, argv));
    if (cmd == "tile") PrintTile(ParseArgs(argc, argv));
    if (cmd == "skips") PrintSkips(ParseArgs(argc, argv));
    if (cmd == "dup") {
      opkit::host::detail::OpStore::instance().add(ops::OpDef("AddCustom"));
      opkit::host::find_op("AddCustom");
    }
  } catch (const opkit::host::HostError& e) {
    std::cout << "{\"error\":" << Quote(e.what()) << ",\"op\":" << Quote(e.op_type()) << ",\"stage\":"
              << Quote(e.stage()) << "}\n";
    return 3;
  }
  return 0;
}
