// gert::StorageFormat: a tensor's origin and storage formats.
#pragma once

#include "graph/types.h"

namespace gert {

class StorageFormat {
 public:
  StorageFormat() = default;
  StorageFormat(ge::Format origin, ge::Format storage) : origin_(origin), storage_(storage) {}
  ge::Format GetOriginFormat() const { return origin_; }
  ge::Format GetStorageFormat() const { return storage_; }
  void SetOriginFormat(ge::Format f) { origin_ = f; }
  void SetStorageFormat(ge::Format f) { storage_ = f; }

 private:
  ge::Format origin_ = ge::FORMAT_ND;
  ge::Format storage_ = ge::FORMAT_ND;
};

}  // namespace gert
