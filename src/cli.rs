// TEMP local stub
pub const USAGE: &str = "usage";
pub fn run_tool(_args: &[String]) -> Option<i32> {
    None
}
