package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// exitBail is the exit code `@pulumi/pulumi/cmd/run` uses after it has already reported the error.
const exitBail = 32

// runNode runs a Node.js program through the `cmd/run` entry point of the program's own
// `@pulumi/pulumi`, with the arguments and environment the upstream host gives it.
func (h *host) runNode(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return nil, errors.New("could not find node on the PATH")
	}
	programDir, rootDir, _ := programPaths(req)
	entryPoint := req.GetProgram()
	typescript := true
	nodeArgs := []string{}
	if info := req.GetInfo(); info != nil {
		entryPoint = info.GetEntryPoint()
		if opts := info.GetOptions(); opts != nil {
			if v, ok := opts.GetFields()["typescript"]; ok {
				typescript = v.GetBoolValue()
			}
			if v, ok := opts.GetFields()["nodeargs"]; ok && v.GetStringValue() != "" {
				nodeArgs = strings.Fields(v.GetStringValue())
			}
		}
	}
	if entryPoint == "" {
		entryPoint = "."
	}

	// Resolve the run script from the program's own @pulumi/pulumi, as the upstream host does.
	out, err := exec.CommandContext(ctx, nodeBin, "-p",
		"require.resolve('@pulumi/pulumi/cmd/run', {paths: [process.argv[1]]})", programDir).Output()
	if err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf(
			"could not find @pulumi/pulumi from %s: install the program's dependencies first", programDir)}, nil
	}
	runPath := strings.TrimSpace(string(out))

	configEnv, err := configEnvironment(req)
	if err != nil {
		return nil, err
	}

	args := append([]string{}, nodeArgs...)
	args = append(args, runPath)
	appendArg := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	appendArg("monitor", req.GetMonitorAddress())
	appendArg("engine", h.engineAddress)
	appendArg("organization", req.GetOrganization())
	appendArg("project", req.GetProject())
	appendArg("root-directory", rootDir)
	appendArg("stack", req.GetStack())
	appendArg("pwd", req.GetPwd())
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	appendArg("parallel", strconv.Itoa(int(req.GetParallel())))
	// run.js resolves a relative entry point against --pwd, and "." through package.json.
	args = append(args, entryPoint)
	args = append(args, req.GetArgs()...)

	cmd := exec.CommandContext(ctx, nodeBin, args...)
	cmd.Dir = programDir
	cmd.Env = append(append(os.Environ(), configEnv...),
		"PULUMI_NODEJS_TYPESCRIPT="+strconv.FormatBool(typescript),
	)
	return runProgram(cmd, exitBail)
}
