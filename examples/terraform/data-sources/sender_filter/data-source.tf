data "sender_filter" "inactive" {
  name = "Inactive"
}
