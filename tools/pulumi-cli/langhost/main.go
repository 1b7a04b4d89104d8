// Command pulumi-language-nodejs is a minimal Node.js language host for the Pulumi engine.
//
// The upstream host (module github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3) is not
// served by the Go module proxy reachable here, so pulumi-sender builds this one instead. It implements
// what `preview`, `up`, `refresh` and `destroy` need: it runs the program through the `@pulumi/pulumi`
// package's own `cmd/run` entry point, exactly as the upstream host does, and reports no extra plugins
// (the dynamic-provider shim ships inside `@pulumi/pulumi`). It also writes TypeScript from PCL with
// the upstream Node.js code generator, which `pulumi import` calls to print the imported resources' code,
// and a Node.js SDK from a package schema, for `pulumi package gen-sdk`.
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

	codegen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// exitBail is the exit code `@pulumi/pulumi/cmd/run` uses after it has already reported the error.
const exitBail = 32

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	engineAddress string
}

func main() {
	// The engine passes its address as the last positional argument; flags vary across engine versions.
	fs := flag.NewFlagSet("pulumi-language-nodejs", flag.ContinueOnError)
	fs.String("tracing", "", "ignored")
	fs.String("root", "", "ignored")
	_ = fs.Parse(os.Args[1:])
	h := &host{}
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
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

// GetRequiredPlugins reports none: dynamic providers need no plugin download.
func (h *host) GetRequiredPlugins(context.Context, *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

// GetRequiredPackages reports none, for the same reason.
func (h *host) GetRequiredPackages(context.Context, *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *host) GetProgramDependencies(context.Context, *pulumirpc.GetProgramDependenciesRequest) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}

func (h *host) InstallDependencies(*pulumirpc.InstallDependenciesRequest, grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse]) error {
	// Dependencies are the project's own business (npm ci); nothing to do here.
	return nil
}

func (h *host) RuntimeOptionsPrompts(context.Context, *pulumirpc.RuntimeOptionsRequest) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

func (h *host) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return nil, err
	}
	out, err := exec.Command(nodeBin, "--version").Output()
	if err != nil {
		return nil, err
	}
	return &pulumirpc.AboutResponse{Executable: nodeBin, Version: strings.TrimSpace(string(out))}, nil
}

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return nil, errors.New("could not find node on the PATH")
	}
	info := req.GetInfo()
	programDir := req.GetPwd()
	entryPoint := req.GetProgram()
	rootDir := ""
	typescript := true
	nodeArgs := []string{}
	if info != nil {
		programDir = info.GetProgramDirectory()
		entryPoint = info.GetEntryPoint()
		rootDir = info.GetRootDirectory()
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

	config, err := json.Marshal(req.GetConfig())
	if err != nil {
		return nil, err
	}
	secretKeys, err := json.Marshal(req.GetConfigSecretKeys())
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
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	cmd.Env = append(os.Environ(),
		"PULUMI_CONFIG="+string(config),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeys),
		"PULUMI_NODEJS_TYPESCRIPT="+strconv.FormatBool(typescript),
	)
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			if exitErr.ExitCode() == exitBail {
				return &pulumirpc.RunResponse{Bail: true}, nil
			}
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode())}, nil
		}
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}

// GenerateProgram writes TypeScript for a PCL program, as the upstream host does: bind the files
// against the engine's schema loader (leniently unless asked to be strict, since `pulumi import`
// may leave parents and providers unbound), then run the Node.js program generator.
func (h *host) GenerateProgram(_ context.Context, req *pulumirpc.GenerateProgramRequest) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	dir, err := os.MkdirTemp("", "pulumi-generate-program-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for name, text := range req.GetSource() {
		path := filepath.Join(dir, filepath.Base(name))
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			return nil, err
		}
	}
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.GetStrict() {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindDirectory(dir, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	rpcDiags := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() || program == nil {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: rpcDiags}, nil
	}
	files, genDiags, err := codegen.GenerateProgram(program)
	if err != nil {
		return nil, err
	}
	rpcDiags = append(rpcDiags, plugin.HclDiagnosticsToRPCDiagnostics(genDiags)...)
	return &pulumirpc.GenerateProgramResponse{Source: files, Diagnostics: rpcDiags}, nil
}

// GeneratePackage writes a Node.js SDK for a package schema into the directory asked for, with the
// upstream generator, as the upstream host does (`pulumi package gen-sdk --language nodejs`).
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
	files, err := codegen.GeneratePackage("pulumi-language-nodejs", pkg,
		req.GetExtraFiles(), req.GetLocalDependencies(), req.GetLocal(), loader)
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
