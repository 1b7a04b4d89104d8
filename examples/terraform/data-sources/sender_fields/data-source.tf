data "sender_fields" "all" {}
