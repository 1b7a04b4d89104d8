package main

import (
	"syscall"
	"unsafe"
)

const runtimeName = "node.exe"

var (
	kernel32                 = syscall.NewLazyDLL("kernel32.dll")
	createJobObject          = kernel32.NewProc("CreateJobObjectW")
	setInformationJobObject  = kernel32.NewProc("SetInformationJobObject")
	assignProcessToJobObject = kernel32.NewProc("AssignProcessToJobObject")
)

// JOBOBJECT_EXTENDED_LIMIT_INFORMATION, of which only LimitFlags is set.
type extendedLimitInformation struct {
	PerProcessUserTimeLimit int64
	PerJobUserTimeLimit     int64
	LimitFlags              uint32
	MinimumWorkingSetSize   uintptr
	MaximumWorkingSetSize   uintptr
	ActiveProcessLimit      uint32
	Affinity                uintptr
	PriorityClass           uint32
	SchedulingClass         uint32
	IoInfo                  [6]uint64
	ProcessMemoryLimit      uintptr
	JobMemoryLimit          uintptr
	PeakProcessMemoryUsed   uintptr
	PeakJobMemoryUsed       uintptr
}

const (
	jobObjectExtendedLimitInformation = 9
	jobObjectLimitKillOnJobClose      = 0x2000
)

// killWithParent puts this process into a new job object whose members die when its handle, held
// by this process only, closes: the runtime started after it is a member from its start.
func killWithParent() error {
	job, _, err := createJobObject.Call(0, 0)
	if job == 0 {
		return err
	}
	info := extendedLimitInformation{LimitFlags: jobObjectLimitKillOnJobClose}
	if ok, _, err := setInformationJobObject.Call(job, jobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), unsafe.Sizeof(info)); ok == 0 {
		return err
	}
	self, err := syscall.GetCurrentProcess()
	if err != nil {
		return err
	}
	if ok, _, err := assignProcessToJobObject.Call(job, uintptr(self)); ok == 0 {
		return err
	}
	return nil
}
