// Command langhost is a minimal language host for Go and Python programs, installed under the
// names pulumi-language-go and pulumi-language-python (it serves the language its name says), so
// that programs on the generated SDKs (sdks/go, sdks/python) run under the engine here.
//
// The upstream hosts (modules github.com/pulumi/pulumi/sdk/go/pulumi-language-go/v3 and
// .../sdk/python/cmd/pulumi-language-python/v3) are not served by the Go module proxy reachable
// here. This one does what `preview`, `up`, `refresh` and `destroy` need:
//   - Go: `go build` in the program's directory, then the binary with the PULUMI_* environment the
//     Go SDK reads (github.com/pulumi/pulumi/sdk/v3/go/pulumi/run.go);
//   - Python: the interpreter of the project's `virtualenv` option (else python3 on PATH) runs a
//     short runner that configures the `pulumi` package's runtime and runs the program in a stack.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	engineAddress string
	python        bool
}

func main() {
	// The engine passes its address as the last positional argument; flags vary across engine versions.
	name := filepath.Base(os.Args[0])
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.String("tracing", "", "ignored")
	fs.String("root", "", "ignored")
	fs.String("binary", "", "ignored")
	fs.String("buildTarget", "", "ignored")
	_ = fs.Parse(os.Args[1:])
	h := &host{python: strings.Contains(name, "python")}
	if fs.NArg() > 0 {
		h.engineAddress = fs.Arg(fs.NArg() - 1)
	}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, h)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "fatal: could not start language host RPC server: %v\n", err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "fatal: language host RPC stopped serving: %v\n", err)
		os.Exit(1)
	}
}

func (h *host) Handshake(_ context.Context, req *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	if req.GetEngineAddress() != "" {
		h.engineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: "3.259.0"}, nil
}

// GetRequiredPlugins reports none: the engine finds the sender plugin when the program registers
// a resource (installed, or on PATH with automatic acquisition disabled).
func (h *host) GetRequiredPlugins(context.Context, *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *host) GetRequiredPackages(context.Context, *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *host) GetProgramDependencies(context.Context, *pulumirpc.GetProgramDependenciesRequest) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}

func (h *host) InstallDependencies(*pulumirpc.InstallDependenciesRequest, grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse]) error {
	return nil
}

func (h *host) RuntimeOptionsPrompts(context.Context, *pulumirpc.RuntimeOptionsRequest) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

func (h *host) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	tool, arg := "go", "version"
	if h.python {
		tool, arg = "python3", "--version"
	}
	bin, err := exec.LookPath(tool)
	if err != nil {
		return nil, err
	}
	out, err := exec.Command(bin, arg).Output()
	if err != nil {
		return nil, err
	}
	return &pulumirpc.AboutResponse{Executable: bin, Version: strings.TrimSpace(string(out))}, nil
}

// pythonRunner configures the pulumi package's runtime from the arguments and the PULUMI_CONFIG
// environment, then runs the program (a file, or a directory with __main__.py) inside a stack.
const pythonRunner = `
import asyncio, json, os, runpy, sys, traceback
import pulumi, pulumi.runtime
monitor, engine, project, stack, parallel, dry_run, program = sys.argv[1:8]
pulumi.runtime.set_all_config(
    json.loads(os.environ.get("PULUMI_CONFIG") or "{}"),
    json.loads(os.environ.get("PULUMI_CONFIG_SECRET_KEYS") or "[]"))
pulumi.runtime.configure(pulumi.runtime.Settings(
    monitor=monitor, engine=engine, project=project, stack=stack,
    parallel=int(parallel), dry_run=dry_run == "true"))
sys.argv = [program] + sys.argv[8:]
loop = asyncio.new_event_loop()
asyncio.set_event_loop(loop)
ok = False
try:
    loop.run_until_complete(pulumi.runtime.run_in_stack(lambda: runpy.run_path(program, run_name="__main__")))
    ok = True
except pulumi.RunError as e:
    pulumi.log.error(str(e))
except Exception:
    pulumi.log.error(traceback.format_exc())
finally:
    loop.close()
sys.exit(0 if ok else 1)
`

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	programDir := req.GetPwd()
	rootDir := ""
	python := "python3"
	if info := req.GetInfo(); info != nil {
		programDir = info.GetProgramDirectory()
		rootDir = info.GetRootDirectory()
		if venv := info.GetOptions().GetFields()["virtualenv"].GetStringValue(); venv != "" {
			if !filepath.IsAbs(venv) {
				venv = filepath.Join(rootDir, venv)
			}
			python = filepath.Join(venv, "bin", "python")
		}
	}
	if h.python {
		config, err := json.Marshal(req.GetConfig())
		if err != nil {
			return nil, err
		}
		secretKeys, err := json.Marshal(req.GetConfigSecretKeys())
		if err != nil {
			return nil, err
		}
		args := []string{"-u", "-c", pythonRunner, req.GetMonitorAddress(), h.engineAddress, req.GetProject(),
			req.GetStack(), strconv.Itoa(int(req.GetParallel())), strconv.FormatBool(req.GetDryRun()), programDir}
		cmd := exec.CommandContext(ctx, python, append(args, req.GetArgs()...)...)
		cmd.Dir = programDir
		cmd.Env = append(os.Environ(), "PULUMI_CONFIG="+string(config), "PULUMI_CONFIG_SECRET_KEYS="+string(secretKeys))
		return runProgram(cmd)
	}
	tmp, err := os.MkdirTemp("", "pulumi-go-program-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	binary := filepath.Join(tmp, "program")
	// The flags of this project's cached Go builds, so that Go's build cache serves the SDK.
	build := exec.CommandContext(ctx, "go", "build", "-mod=mod", "-trimpath", "-o", binary, ".")
	build.Dir = programDir
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("go build failed: %v\n%s", err, out)}, nil
	}

	config, err := json.Marshal(req.GetConfig())
	if err != nil {
		return nil, err
	}
	secretKeys, err := json.Marshal(req.GetConfigSecretKeys())
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, binary, req.GetArgs()...)
	cmd.Dir = req.GetPwd()
	cmd.Env = append(os.Environ(),
		"PULUMI_MONITOR="+req.GetMonitorAddress(),
		"PULUMI_ENGINE="+h.engineAddress,
		"PULUMI_ORGANIZATION="+req.GetOrganization(),
		"PULUMI_PROJECT="+req.GetProject(),
		"PULUMI_STACK="+req.GetStack(),
		"PULUMI_ROOT_DIRECTORY="+rootDir,
		"PULUMI_CONFIG="+string(config),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeys),
		"PULUMI_DRY_RUN="+strconv.FormatBool(req.GetDryRun()),
		"PULUMI_PARALLEL="+strconv.Itoa(int(req.GetParallel())),
	)
	return runProgram(cmd)
}

// runProgram runs the program with the host's output streams; a failure is the run's error.
func runProgram(cmd *exec.Cmd) (*pulumirpc.RunResponse, error) {
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode())}, nil
		}
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}

// GeneratePackage writes the Go or Python SDK for a package schema into the directory asked for,
// with the upstream generators, as the upstream hosts do (`pulumi package gen-sdk --language go|python`).
func (h *host) GeneratePackage(_ context.Context, req *pulumirpc.GeneratePackageRequest) (*pulumirpc.GeneratePackageResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.GetSchema()), &spec); err != nil {
		return nil, err
	}
	pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	rpcDiags := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GeneratePackageResponse{Diagnostics: rpcDiags}, nil
	}
	var files map[string][]byte
	if h.python {
		files, err = python.GeneratePackage("pulumi-language-python", pkg, req.GetExtraFiles(), loader)
	} else {
		files, err = gogen.GeneratePackage("pulumi-language-go", pkg, req.GetLocalDependencies())
	}
	if err != nil {
		return nil, err
	}
	for name, data := range files {
		path := filepath.Join(req.GetDirectory(), name)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, data, 0o600); err != nil {
			return nil, err
		}
	}
	return &pulumirpc.GeneratePackageResponse{Diagnostics: rpcDiags}, nil
}
