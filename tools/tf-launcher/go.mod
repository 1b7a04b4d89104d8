// The Windows executable of terraform-provider-sender (scripts/terraform-zip.sh): Terraform and
// OpenTofu run only an `.exe` there, and the Pulumi plugin's launcher is a `.cmd`. Standard library
// only, cross-compiled per release.
module pulumi-sender/tools/tf-launcher

go 1.22
