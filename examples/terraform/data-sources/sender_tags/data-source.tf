data "sender_tags" "all" {}
