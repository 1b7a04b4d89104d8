#!/usr/bin/env bash
# Provides a Maven repository holding everything from Maven Central that the Java SDK's build
# (sdks/java/pom.xml: com.pulumi:pulumi and its dependencies, the compiler, jar, sources and javadoc
# plugins) and a program of templates/java (the exec plugin that runs it) need, resolved once per
# user and cached per com.pulumi:pulumi version and the poms that say what is needed; prints its
# path. Later builds run offline on it: `mvn -o -Dmaven.repo.local=<path>` (scripts/sdk-packages.sh),
# or it stands in for Maven Central as a mirror (file:// or HTTP: the tests and the rehearsal), so
# no test reaches Maven Central. The one resolution needs Maven Central and Maven 3 with a JDK 11+.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
sdk_pom="$root/sdks/java/pom.xml"
template_pom="$root/templates/java/pom.xml"
pulumi_version="$(sed -n '/<artifactId>pulumi<\/artifactId>/{n;s/.*<version>\(.*\)<\/version>.*/\1/p;}' "$sdk_pom")"
[ -n "$pulumi_version" ] || { echo "maven-repo: sdks/java/pom.xml names no com.pulumi:pulumi version" >&2; exit 1; }
# The SDK's own coordinates and the sources change nothing resolved: the key is the build sections
# and dependencies of both poms, and this script.
key="$({
  sed -n '/<dependencies>/,$p' "$sdk_pom" "$template_pom"
  cat "${BASH_SOURCE[0]}"
} | sha256sum | cut -c1-12)"
dir="$PULUMI_SENDER_CACHE/maven/pulumi-java-$pulumi_version-$key"
if [ ! -f "$dir/.complete" ]; then
  command -v mvn >/dev/null 2>&1 || { echo "maven-repo: Maven (mvn) is needed" >&2; exit 1; }
  echo "maven-repo: resolving com.pulumi:pulumi $pulumi_version and Maven's plugins from Maven Central into $dir" >&2
  start=$SECONDS
  stage="$(mktemp -d)"
  repo="$dir.tmp.$$"
  rm -rf "$repo"
  mvn_seed() { (cd "$1" && mvn -B -q -ntp -Dstyle.color=never -Dmaven.repo.local="$repo" "${@:2}" >&2); }
  # The SDK's pom over one documented class: package runs every plugin the SDK's build runs.
  mkdir -p "$stage/sdk/src/main/java/seed"
  cp "$sdk_pom" "$stage/sdk/pom.xml"
  printf '%s\n' 'package seed;' '/** Seed. */' 'public final class Seed { private Seed() {} }' \
    >"$stage/sdk/src/main/java/seed/Seed.java"
  mvn_seed "$stage/sdk" package
  # The template's pom without the SDK (not on Maven Central yet; never cached here): compile and
  # exec:java, what the language host runs.
  mkdir -p "$stage/program/src/main/java/myproject"
  perl -0pe 's#\s*<dependency>\s*<groupId>io\.github\.pulumi-sender</groupId>.*?</dependency>##s; s#\$\{PROJECT\}#seed#g' \
    "$template_pom" >"$stage/program/pom.xml"
  printf '%s\n' 'package myproject;' 'public class App { public static void main(String[] args) {} }' \
    >"$stage/program/src/main/java/myproject/App.java"
  mvn_seed "$stage/program" compile exec:java
  rm -rf "$stage"
  touch "$repo/.complete"
  pulumi_sender_settle "$repo" "$dir" .complete
  echo "maven-repo: resolved in $((SECONDS - start)) s ($(du -sh "$dir" | cut -f1))" >&2
fi
echo "$dir"
