// Command javagen writes the Java SDK of the sender package from its schema with pulumi-java's code
// generator (the one `pulumi package gen-sdk --language java` runs through pulumi-language-java),
// as a Maven project: Gradle, the generator's own build tool, is not used here.
//
//	javagen SCHEMA.json OUTDIR   writes OUTDIR/java
//
// Beside the generated sources it writes what pulumi-java's Gradle build would add to the jar,
// src/main/resources/<package>/plugin.json (the plugin the engine needs, found on the classpath),
// and pom.xml, with the Maven coordinates of the schema's language.java: groupId, the package name
// as artifactId, the schema's version.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	"github.com/blang/semver"
	javagen "github.com/pulumi/pulumi-java/pkg/codegen/java"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// noLoader refuses every package reference: the sender schema refers to no other package, and
// loading one would start plugins.
type noLoader struct{}

func (noLoader) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q, which is not available", pkg)
}

func (l noLoader) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, nil)
}

func (noLoader) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("the schema refers to package %q, which is not available", pkg)
}

func (l noLoader) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

// mavenInfo is what pom.xml takes from the schema's language.java beyond pulumi-java's own keys.
type mavenInfo struct {
	GroupID      string            `json:"groupId"`
	BasePackage  string            `json:"basePackage"`
	Dependencies map[string]string `json:"dependencies"`
}

type dependency struct{ GroupID, ArtifactID, Version string }

var pom = template.Must(template.New("pom").Parse(`<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by pulumi-sender sdkgen (javagen) from the package schema; edit the schema, not this file. -->
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>

  <groupId>{{.GroupID}}</groupId>
  <artifactId>{{.ArtifactID}}</artifactId>
  <version>{{.Version}}</version>
  <packaging>jar</packaging>

  <name>{{.GroupID}}:{{.ArtifactID}}</name>
  <description>{{.Description}}</description>
  <url>{{.URL}}</url>
  <licenses>
    <license>
      <name>The Apache License, Version 2.0</name>
      <url>https://www.apache.org/licenses/LICENSE-2.0.txt</url>
    </license>
  </licenses>
  <developers>
    <developer>
      <id>{{.Owner}}</id>
      <name>{{.Owner}}</name>
      <url>{{.OwnerURL}}</url>
    </developer>
  </developers>
  <scm>
    <connection>scm:git:{{.URL}}.git</connection>
    <developerConnection>scm:git:{{.URL}}.git</developerConnection>
    <url>{{.URL}}</url>
  </scm>

  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>11</maven.compiler.release>
    <!-- Reproducible jars: the same sources give the same bytes (and SHA256SUMS). -->
    <project.build.outputTimestamp>2000-01-01T00:00:00Z</project.build.outputTimestamp>
  </properties>

  <dependencies>
{{- range .Dependencies}}
    <dependency>
      <groupId>{{.GroupID}}</groupId>
      <artifactId>{{.ArtifactID}}</artifactId>
      <version>{{.Version}}</version>
    </dependency>
{{- end}}
  </dependencies>

  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.13.0</version>
      </plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-resources-plugin</artifactId>
        <version>3.3.1</version>
      </plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-jar-plugin</artifactId>
        <version>3.4.2</version>
      </plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-source-plugin</artifactId>
        <version>3.3.1</version>
        <executions>
          <execution>
            <id>attach-sources</id>
            <goals><goal>jar-no-fork</goal></goals>
          </execution>
        </executions>
      </plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-javadoc-plugin</artifactId>
        <version>3.11.2</version>
        <configuration>
          <!-- The generated doc comments are Markdown-like, not strict HTML. -->
          <doclint>none</doclint>
          <quiet>true</quiet>
        </configuration>
        <executions>
          <execution>
            <id>attach-javadocs</id>
            <goals><goal>jar</goal></goals>
          </execution>
        </executions>
      </plugin>
    </plugins>
  </build>
</project>
`))

var xmlEscape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace

func pomXML(spec schema.PackageSpec, info mavenInfo, deps map[string]string) ([]byte, error) {
	if info.GroupID == "" {
		return nil, fmt.Errorf("the schema names no language.java.groupId")
	}
	if spec.Repository == "" {
		return nil, fmt.Errorf("the schema names no repository (the pom's url and scm)")
	}
	url := strings.TrimSuffix(spec.Repository, "/")
	owner := url[:strings.LastIndex(url, "/")]
	list := []dependency{}
	for key, version := range deps {
		ga := strings.Split(key, ":")
		if len(ga) != 2 {
			return nil, fmt.Errorf("language.java.dependencies: %q is not groupId:artifactId", key)
		}
		list = append(list, dependency{ga[0], ga[1], version})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].GroupID+":"+list[i].ArtifactID < list[j].GroupID+":"+list[j].ArtifactID })
	var out bytes.Buffer
	err := pom.Execute(&out, map[string]any{
		"GroupID":      info.GroupID,
		"ArtifactID":   spec.Name,
		"Version":      spec.Version,
		"Description":  xmlEscape(spec.Description),
		"URL":          url,
		"Owner":        owner[strings.LastIndex(owner, "/")+1:],
		"OwnerURL":     owner,
		"Dependencies": list,
	})
	return out.Bytes(), err
}

// pluginJSON is what the Java SDK's bootstrap reads from the classpath to tell the engine which
// plugin a program needs (pulumi-java's Gradle build writes the same, genPulumiResources).
func pluginJSON(spec schema.PackageSpec) ([]byte, error) {
	data, err := json.MarshalIndent(map[string]any{
		"resource": true,
		"name":     spec.Name,
		"server":   spec.PluginDownloadURL,
		"version":  spec.Version,
	}, "", "    ")
	return append(data, '\n'), err
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
	var info mavenInfo
	if err := json.Unmarshal(spec.Language["java"], &info); err != nil || info.BasePackage == "" {
		return fmt.Errorf("the schema names no language.java.basePackage")
	}
	// The same preparation as pulumi-language-java's GeneratePackage.
	deduped, diags, err := javagen.DeduplicateTypes(&spec)
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	pkg, diags, err := schema.BindSpec(*deduped, noLoader{}, schema.ValidationOptions{})
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	// legacyBuildFiles with no language.java.buildFiles: no Gradle files, and version.txt written.
	files, err := javagen.GeneratePackage("pulumi-sender sdkgen", pkg, nil, nil, false, true)
	if err != nil {
		return err
	}
	final, ok := pkg.Language["java"].(*javagen.PackageInfo)
	if !ok {
		return fmt.Errorf("the Java generator recorded no package info")
	}
	files["pom.xml"], err = pomXML(spec, info, final.Dependencies)
	if err != nil {
		return err
	}
	pkgPath := strings.ReplaceAll(strings.TrimSuffix(info.BasePackage, ".")+"."+spec.Name, ".", "/")
	files["src/main/resources/"+pkgPath+"/plugin.json"], err = pluginJSON(spec)
	if err != nil {
		return err
	}
	dir := filepath.Join(outDir, "java")
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

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: javagen SCHEMA.json OUTDIR")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "javagen:", err)
		os.Exit(1)
	}
}
