// Command sdkgen writes the Node.js, Python and Go SDKs of the sender package from its schema,
// with the code generators of github.com/pulumi/pulumi/pkg/v3, in one step and without the CLI
// (`pulumi package gen-sdk` writes the same files through the language hosts).
//
//	sdkgen SCHEMA.json OUTDIR   writes OUTDIR/nodejs, OUTDIR/python and OUTDIR/go
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// noLoader refuses every package reference: the sender schema refers to no other package, and
// loading one would start plugins.
type noLoader struct{}

func (noLoader) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("sdkgen: the schema refers to package %q, which is not available", pkg)
}

func (l noLoader) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, nil)
}

func (noLoader) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("sdkgen: the schema refers to package %q, which is not available", pkg)
}

func (l noLoader) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

// bind validates the schema and binds a fresh Package: each generator records its language info in
// the package, so every language gets its own.
func bind(spec schema.PackageSpec) (*schema.Package, error) {
	pkg, diags, err := schema.BindSpec(spec, noLoader{}, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return pkg, nil
}

func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, data := range files {
		file := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// goMod is the Go SDK's module file: the module is the parent of the schema's
// language.go.importBasePath (github.com/<owner>/<repo>/sdks/go, tagged sdks/go/v<version>), on
// the SDK version the CLI here is built from.
func goMod(spec schema.PackageSpec) ([]byte, error) {
	var info struct {
		ImportBasePath string `json:"importBasePath"`
	}
	if err := json.Unmarshal([]byte(spec.Language["go"]), &info); err != nil || info.ImportBasePath == "" {
		return nil, fmt.Errorf("the schema names no language.go.importBasePath")
	}
	module := path.Dir(info.ImportBasePath)
	return []byte("module " + module + "\n\ngo 1.25\n\nrequire github.com/pulumi/pulumi/sdk/v3 v3.259.0\n"), nil
}

func run(schemaPath, outDir string) error {
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	const tool = "pulumi-sender sdkgen"
	generators := []struct {
		lang string
		gen  func(*schema.Package) (map[string][]byte, error)
	}{
		{"nodejs", func(p *schema.Package) (map[string][]byte, error) {
			return nodejs.GeneratePackage(tool, p, nil, nil, false, noLoader{})
		}},
		{"python", func(p *schema.Package) (map[string][]byte, error) {
			return python.GeneratePackage(tool, p, nil, noLoader{})
		}},
		{"go", func(p *schema.Package) (map[string][]byte, error) {
			files, err := gogen.GeneratePackage(tool, p, nil)
			if err != nil {
				return nil, err
			}
			files["go.mod"], err = goMod(spec)
			return files, err
		}},
	}
	for _, g := range generators {
		pkg, err := bind(spec)
		if err != nil {
			return err
		}
		files, err := g.gen(pkg)
		if err != nil {
			return fmt.Errorf("%s: %w", g.lang, err)
		}
		if err := write(filepath.Join(outDir, g.lang), files); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: sdkgen SCHEMA.json OUTDIR")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "sdkgen:", err)
		os.Exit(1)
	}
}
