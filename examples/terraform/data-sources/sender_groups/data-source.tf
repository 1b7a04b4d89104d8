data "sender_groups" "all" {}
