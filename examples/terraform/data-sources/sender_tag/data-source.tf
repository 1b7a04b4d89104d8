# A tag's id by its name, for a targeting's tag_ids.
data "sender_tag" "customers" {
  name = "Customers"
}
