// CANN's hccl/hccl.h on the CPU: communicators over the simulated devices of one process and the host collectives.
// Ranks rendezvous in-process (root info, or HcclCommInitAll); a collective runs when every rank has called it, on
// host memory, and returns when it has finished (opkit's streams are synchronous). Kernels of MC2 ops reach the same
// communicators through their group name (AscendC::Hccl, opkit/sim/hccl.h). lib64/libhccl.so defines these.
#pragma once

#include <stdint.h>

#include "hccl/hccl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef HCCL_API
#define HCCL_API __attribute__((visibility("default")))
#endif

// Root info: a communicator id made by one rank and handed to the others (same process).
HCCL_API HcclResult HcclGetRootInfo(HcclRootInfo* rootInfo);
// Join communicator `rootInfo` as `rank` of `nRanks` on the calling thread's device; returns once all have joined.
HCCL_API HcclResult HcclCommInitRootInfo(uint32_t nRanks, const HcclRootInfo* rootInfo, uint32_t rank, HcclComm* comm);
// One communicator over `ndev` devices: comms[i] is rank i on devices[i].
HCCL_API HcclResult HcclCommInitAll(uint32_t ndev, int32_t* devices, HcclComm* comms);
// A rank table file describes NPUs of several servers: not simulated (HCCL_E_NOT_SUPPORT, saying so).
HCCL_API HcclResult HcclCommInitClusterInfo(const char* clusterInfo, uint32_t rank, HcclComm* comm);
HCCL_API HcclResult HcclCommDestroy(HcclComm comm);
HCCL_API HcclResult HcclGetRankSize(HcclComm comm, uint32_t* rankSize);
HCCL_API HcclResult HcclGetRankId(HcclComm comm, uint32_t* rank);
// The communicator's name (at most 128 bytes with the NUL): what MC2 ops take as their group attribute.
HCCL_API HcclResult HcclGetCommName(HcclComm comm, char* commName);
HCCL_API const char* HcclGetErrorString(HcclResult code);

HCCL_API HcclResult HcclAllReduce(void* sendBuf, void* recvBuf, uint64_t count, HcclDataType dataType,
                                  HcclReduceOp op, HcclComm comm, void* stream);
HCCL_API HcclResult HcclAllGather(void* sendBuf, void* recvBuf, uint64_t sendCount, HcclDataType dataType,
                                  HcclComm comm, void* stream);
HCCL_API HcclResult HcclReduceScatter(void* sendBuf, void* recvBuf, uint64_t recvCount, HcclDataType dataType,
                                      HcclReduceOp op, HcclComm comm, void* stream);
HCCL_API HcclResult HcclBroadcast(void* buf, uint64_t count, HcclDataType dataType, uint32_t root, HcclComm comm,
                                  void* stream);
HCCL_API HcclResult HcclAlltoAll(const void* sendBuf, uint64_t sendCount, HcclDataType sendType, const void* recvBuf,
                                 uint64_t recvCount, HcclDataType recvType, HcclComm comm, void* stream);
HCCL_API HcclResult HcclBarrier(HcclComm comm, void* stream);

#ifdef __cplusplus
}
#endif
