data "sender_filters" "all" {}
