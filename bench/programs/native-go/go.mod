module bench-native-go

go 1.25

require (
	github.com/pulumi-sender/pulumi-sender/sdks/go v0.1.0
	github.com/pulumi/pulumi/sdk/v3 v3.259.0
)
